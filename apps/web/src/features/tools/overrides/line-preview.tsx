import { useTranslation } from 'react-i18next';
import type { OverrideProps } from './override-types';

/**
 * To-line: a small drawn sketch of what line weight, detail and style mean, redrawn as they
 * change. An illustration of the settings (labelled as such), not a preview of the result.
 */
export const LinePreview = ({ values }: OverrideProps) => {
  const { t } = useTranslation();
  const weight = typeof values.lineWeight === 'number' ? values.lineWeight : 2;
  const detail = String(values.detail ?? 'medium');
  const crisp = values.style === 'canny';
  const stroke = {
    stroke: '#1f2937',
    strokeWidth: 0.6 + weight * 0.55,
    fill: 'none',
    strokeLinecap: crisp ? 'square' : 'round',
    strokeLinejoin: crisp ? 'miter' : 'round',
  } as const;
  const fine = { ...stroke, strokeWidth: Math.max(0.5, stroke.strokeWidth * 0.6) };
  return (
    <section className="hj-ws-card hj-edit-card" aria-label={t('editing.line.title')}>
      <header className="hj-ws-card__head">
        <h2>{t('editing.line.title')}</h2>
        <small>{t('editing.line.sketch')}</small>
      </header>
      <svg
        className={`hj-line-preview${crisp ? '' : ' is-sketch'}`}
        viewBox="0 0 240 120"
        role="img"
        aria-label={t('editing.line.alt', {
          weight,
          detail: t(`editing.line.${detail}` as 'editing.line.low'),
        })}
        data-weight={weight}
        data-detail={detail}
      >
        {/* The room: always drawn. */}
        <path d="M20 100 L70 70 L170 70 L220 100 M70 70 L70 14 M170 70 L170 14" {...stroke} />
        <rect x="96" y="24" width="48" height="32" {...stroke} />
        {detail !== 'low' ? (
          <g data-part="furniture">
            <path d="M92 86 L148 86 M98 86 L98 104 M142 86 L142 104" {...stroke} />
            <path d="M178 96 L206 96 L206 80 L178 80 Z M184 80 L184 70" {...stroke} />
            <path d="M120 24 L120 56 M96 40 L144 40" {...fine} />
          </g>
        ) : null}
        {detail === 'high' ? (
          <g data-part="texture">
            {[0, 1, 2, 3, 4].map((i) => (
              <path key={i} d={`M${44 + i * 34} ${86 + (i % 2) * 6} l12 -4`} {...fine} />
            ))}
            <path d="M76 30 L90 22 M76 44 L90 36 M150 22 L164 30 M150 36 L164 44" {...fine} />
            <path d="M186 88 L200 88" {...fine} />
          </g>
        ) : null}
      </svg>
    </section>
  );
};
