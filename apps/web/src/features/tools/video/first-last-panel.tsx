import { SwapOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocalized } from '../../../components/use-localized';
import { OverrideUploads } from '../generation/override-uploads';
import type { OverrideProps } from '../overrides/override-types';
import { familyStore } from '../store/family-stores';
import { VideoModeSwitch } from './video-mode-switch';
import './video.css';

/**
 * First/last-frame video: the two pictures side by side with the move between them, and a swap
 * button (the commonest fix when the animation runs the wrong way).
 */
export const FirstLastPanel = ({ tool, values, inputs }: OverrideProps) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const { setInput } = familyStore(tool.family).getState();
  const [first, last] = ['first_frame', 'last_frame'].map((n) => inputs[n] ?? []);
  const seconds = typeof values.duration === 'number' ? values.duration : 4;
  const transition = tool.widgets.transition?.options?.find((o) => o.value === values.transition);
  return (
    <section className="hj-ws-card hj-frames" aria-label={t('generation.firstLast.title')}>
      <VideoModeSwitch toolId={tool.id} />
      <header className="hj-ws-card__head">
        <h2>{t('generation.firstLast.title')}</h2>
        <Button
          size="small"
          type="link"
          icon={<SwapOutlined />}
          disabled={!first?.length && !last?.length}
          onClick={() => {
            setInput(tool.id, 'first_frame', last ?? []);
            setInput(tool.id, 'last_frame', first ?? []);
          }}
        >
          {t('generation.firstLast.swap')}
        </Button>
      </header>
      <div className="hj-first-last">
        <OverrideUploads
          toolId={tool.id}
          family={tool.family}
          inputs={tool.inputs}
          images={inputs}
        />
      </div>
      <p className="hj-first-last__flow" data-testid="video-total">
        {t('generation.firstLast.flow', {
          seconds,
          transition: transition ? pick(transition.label) : '',
        })}
      </p>
    </section>
  );
};
