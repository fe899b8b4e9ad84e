import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Before/after: the result on top, clipped at the handle; drag, click or use the arrow keys.
 * `handleOnly` (the full-screen viewer) leaves drags off the handle to the viewer's panning.
 */
export const CompareSlider = ({
  before,
  after,
  alt,
  handleOnly = false,
}: {
  before: string;
  after: string;
  alt: string;
  handleOnly?: boolean;
}) => {
  const { t } = useTranslation();
  const [pos, setPos] = useState(50);
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const moveTo = (clientX: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    setPos(Math.min(100, Math.max(0, ((clientX - rect.left) / rect.width) * 100)));
  };
  const onDown = (e: PointerEvent) => {
    const onHandle = (e.target as Element).closest?.('.hj-compare__handle') != null;
    if (handleOnly && !onHandle) return;
    if (handleOnly) e.stopPropagation();
    dragging.current = true;
    (e.target as Element).setPointerCapture?.(e.pointerId);
    moveTo(e.clientX);
  };
  return (
    <div
      ref={box}
      className={`hj-compare${handleOnly ? ' hj-compare--handle-only' : ''}`}
      onPointerDown={onDown}
      onPointerMove={(e) => {
        if (!dragging.current) return;
        if (handleOnly) e.stopPropagation();
        moveTo(e.clientX);
      }}
      onPointerUp={() => (dragging.current = false)}
      onPointerCancel={() => (dragging.current = false)}
    >
      <img className="hj-compare__img" src={after} alt={alt} draggable={false} />
      <img
        className="hj-compare__img hj-compare__before"
        src={before}
        alt={t('tools.result.before')}
        draggable={false}
        style={{ clipPath: `inset(0 ${100 - pos}% 0 0)` }}
      />
      <span className="hj-compare__tag hj-compare__tag--left">{t('tools.result.before')}</span>
      <span className="hj-compare__tag hj-compare__tag--right">{t('tools.result.after')}</span>
      <div
        className="hj-compare__handle"
        style={{ left: `${pos}%` }}
        role="slider"
        tabIndex={0}
        aria-label={t('tools.result.compare')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(pos)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowLeft') setPos((p) => Math.max(0, p - 5));
          if (e.key === 'ArrowRight') setPos((p) => Math.min(100, p + 5));
        }}
      >
        <span className="hj-compare__knob" aria-hidden>
          ‹ ›
        </span>
      </div>
    </div>
  );
};
