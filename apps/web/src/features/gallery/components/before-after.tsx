import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The before/after slider of the viewer: the result on top, clipped at the range's position. */
export const BeforeAfter = ({
  before,
  after,
  alt,
}: {
  before: string;
  after: string;
  alt: string;
}) => {
  const { t } = useTranslation();
  const [pos, setPos] = useState(50);
  return (
    <div className="hj-ba">
      <img src={before} alt={t('community.viewer.before')} className="hj-ba__img" />
      <img
        src={after}
        alt={alt}
        className="hj-ba__img hj-ba__after"
        style={{ clipPath: `inset(0 0 0 ${pos}%)` }}
      />
      <div className="hj-ba__line" style={{ left: `${pos}%` }} />
      <span className="hj-ba__tag hj-ba__tag--l">{t('community.viewer.before')}</span>
      <span className="hj-ba__tag hj-ba__tag--r">{t('community.viewer.after')}</span>
      <input
        type="range"
        min={0}
        max={100}
        value={pos}
        aria-label={t('community.viewer.compare')}
        onChange={(e) => setPos(Number(e.target.value))}
        className="hj-ba__range"
      />
    </div>
  );
};
