import { InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OverrideProps } from './override-types';

type MaskHintKey = 'background' | 'material' | 'clean' | 'localRender';

/** A one-line "how to mark the picture" note for the tools that take a painted selection. */
export const maskHint = (key: MaskHintKey) => {
  const MaskHint = (_props: OverrideProps) => {
    const { t } = useTranslation();
    return (
      <p className="hj-edit-hint" role="note" data-testid="mask-hint">
        <InfoCircleOutlined /> {t(`editing.mask.${key}`)}
      </p>
    );
  };
  return MaskHint;
};

/** Style transfer: the reference beside the original, and what the tool does and does not do. */
export const ReferenceStage = ({ inputs }: OverrideProps) => {
  const { t } = useTranslation();
  const reference = inputs['style_img']?.[0];
  return (
    <div className="hj-reference" data-testid="reference-stage">
      {reference ? (
        <figure>
          <img src={reference.thumbUrl ?? reference.url} alt={t('editing.reference.reference')} />
          <figcaption>{t('editing.reference.reference')}</figcaption>
        </figure>
      ) : (
        <p className="hj-reference__need">{t('editing.reference.need')}</p>
      )}
      <p className="hj-edit-card__note">{t('editing.reference.colorOnly')}</p>
    </div>
  );
};
