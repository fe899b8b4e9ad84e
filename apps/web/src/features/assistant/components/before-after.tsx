import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Before and after in one frame; the slider (mouse, touch or arrow keys) moves the seam. */
export const BeforeAfter = ({ before, after }: { before: string; after: string }) => {
  const { t } = useTranslation();
  const [split, setSplit] = useState(50);
  return (
    <div className="hj-ab">
      <img className="hj-ab__img" src={after} alt={t('assistant.edit.after')} />
      <img
        className="hj-ab__img hj-ab__img--before"
        src={before}
        alt={t('assistant.edit.before')}
        style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
      />
      <span className="hj-ab__seam" style={{ left: `${split}%` }} aria-hidden />
      <span className="hj-ab__tag hj-ab__tag--before">{t('assistant.edit.before')}</span>
      <span className="hj-ab__tag hj-ab__tag--after">{t('assistant.edit.after')}</span>
      <input
        className="hj-ab__range"
        type="range"
        min={0}
        max={100}
        value={split}
        aria-label={`${t('assistant.edit.before')} / ${t('assistant.edit.after')}`}
        onChange={(e) => setSplit(Number(e.target.value))}
      />
    </div>
  );
};
