import { WarningOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OverrideProps } from './override-types';
import { printCentimetres, upscalePlan } from './output-size';
import { OptionCards } from './option-cards';

const SCALES = [2, 4] as const;

/** 2× / 4× as cards that show the output size, computed from the upload before starting. */
export const UpscalePanel = ({ values, inputs, setParam }: OverrideProps) => {
  const { t } = useTranslation();
  const image = inputs['upload_img']?.[0];
  const scale = values.scale === 4 ? 4 : 2;
  const plans = image ? SCALES.map((s) => upscalePlan(image, s, values.mode)) : [];
  const current = plans.find((p) => p.scale === scale);
  return (
    <section className="hj-ws-card hj-edit-card" aria-label={t('editing.upscale.title')}>
      <header className="hj-ws-card__head">
        <h2>{t('editing.upscale.title')}</h2>
        {image ? (
          <small>
            {t('editing.upscale.original', { width: image.width, height: image.height })}
          </small>
        ) : null}
      </header>
      <OptionCards
        label={t('editing.upscale.title')}
        value={scale}
        onChange={(v) => setParam('scale', v)}
        columns={2}
        options={SCALES.map((s) => {
          const plan = plans.find((p) => p.scale === s);
          return {
            value: s,
            title: t('editing.upscale.scale', { scale: s }),
            body: plan ? (
              <>
                <strong className="hj-upscale__size" data-testid={`upscale-size-${s}`}>
                  {t('editing.upscale.size', { width: plan.width, height: plan.height })}
                </strong>
                <small>
                  {t('editing.upscale.detail', {
                    mp: plan.megapixels,
                    cm: printCentimetres(Math.max(plan.width, plan.height)),
                  })}
                </small>
              </>
            ) : (
              <small>{t('editing.upscale.needImage')}</small>
            ),
            warn: plan?.problem !== undefined,
          };
        })}
      />
      {current?.problem ? (
        <p className="hj-edit-card__warn" role="alert">
          <WarningOutlined />{' '}
          {current.problem === 'too-large'
            ? t('editing.upscale.tooLarge')
            : t('editing.upscale.aiTooLarge')}
          {current.problem === 'ai-input-too-large' ? (
            <Button size="small" type="link" onClick={() => setParam('mode', 'lanczos')}>
              {t('editing.upscale.useLanczos')}
            </Button>
          ) : null}
        </p>
      ) : null}
    </section>
  );
};
