import { useTranslation } from 'react-i18next';
import type { ResultOverrideProps } from './override-types';
import { ZoomCompare } from './zoom-compare';

const dims = (p: { width: number; height: number }) => `${p.width} × ${p.height}`;

/**
 * Upscale: the size it grew to and a zoomed side-by-side look at one spot, the original
 * enlarged by the browser beside the engine's enlargement (like compress has).
 */
export const UpscaleResult = ({ task, inputs }: ResultOverrideProps) => {
  const { t } = useTranslation();
  const before = inputs['upload_img']?.[0];
  const after = task.outputs[0];
  if (!after || after.kind !== 'image') return null;
  const scale = before ? Math.round((after.width / before.width) * 10) / 10 : undefined;
  return (
    <section className="hj-edit-result" aria-label={t('editing.upscale.resultTitle')}>
      {before && scale ? (
        <p className="hj-edit-card__note" data-testid="upscale-grew">
          {t('editing.upscale.grew', { before: dims(before), after: dims(after), scale })}
        </p>
      ) : null}
      <ZoomCompare
        initialZoom={2}
        before={before && { ...before, label: t('editing.compress.before'), note: dims(before) }}
        after={{ ...after, label: t('editing.upscale.after'), note: dims(after) }}
      />
    </section>
  );
};
