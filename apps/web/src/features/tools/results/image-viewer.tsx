import {
  CloseOutlined,
  DownloadOutlined,
  LeftOutlined,
  RightOutlined,
  SwapOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/antd-look';
import { LazyTooltip } from '../../../components/lazy-overlay';
import { CompareSlider } from '../components/compare-slider';
import type { TaskOutput } from './download-plan';
import { fitView, panBy, shownPercent, wheelFactor, zoomAt, type ZoomView } from './zoom';
import './results.css';

type Point = { x: number; y: number };
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

const measureFit = (img: HTMLImageElement) =>
  img.naturalWidth ? img.clientWidth / img.naturalWidth : undefined;
const percentLabel = (percent: number | undefined, fitWord: string) =>
  percent === undefined ? fitWord : `${percent}%`;

/**
 * Full-screen viewer: zoom with the wheel, a pinch or the buttons (+ − 0 on the keyboard), drag
 * to pan, ← → between outputs, Esc to close; with an original, a before/after mode.
 */
export const ImageViewer = ({
  outputs,
  index,
  onIndex,
  before,
  onClose,
  onDownload,
  downloading,
}: {
  outputs: TaskOutput[];
  index: number;
  onIndex: (i: number) => void;
  before?: string;
  onClose: () => void;
  onDownload: (i: number) => void;
  downloading: boolean;
}) => {
  const { t } = useTranslation();
  const [view, setView] = useState<ZoomView>(fitView);
  // The fitted picture's width over its own, so the label says the size it is drawn at.
  const [fit, setFit] = useState<number>();
  const [compare, setCompare] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const current = outputs[index];

  const centreOf = (p: Point): Point => {
    const r = stage.current?.getBoundingClientRect();
    return r ? { x: p.x - (r.left + r.width / 2), y: p.y - (r.top + r.height / 2) } : p;
  };
  const go = (step: number) => {
    const next = (index + step + outputs.length) % outputs.length;
    setView(fitView);
    setFit(undefined);
    onIndex(next);
  };

  // Focus moves into the dialog and back out; the page behind does not scroll.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeButton.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);

  // A non-passive wheel listener: the page must not scroll while zooming.
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      setView((v) => zoomAt(v, wheelFactor(e.deltaY), centreOf({ x: e.clientX, y: e.clientY })));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Tab') {
      // Focus stays inside the dialog: wrap from the last control to the first and back.
      const focusable = [
        ...e.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled]), [tabindex="0"]'),
      ];
      const first = focusable[0];
      const last = focusable.at(-1);
      if (e.shiftKey && document.activeElement === first) last?.focus();
      else if (!e.shiftKey && document.activeElement === last) first?.focus();
      else return;
      e.preventDefault();
      return;
    }
    if (e.key === 'Escape') onClose();
    else if (e.key === '+' || e.key === '=') setView((v) => zoomAt(v, 1.5));
    else if (e.key === '-') setView((v) => zoomAt(v, 1 / 1.5));
    else if (e.key === '0') setView(fitView);
    else if (e.key === 'ArrowRight' && outputs.length > 1 && !compare) go(1);
    else if (e.key === 'ArrowLeft' && outputs.length > 1 && !compare) go(-1);
    else return;
    e.preventDefault();
  };

  const onDown = (e: PointerEvent) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
  };
  const onMove = (e: PointerEvent) => {
    const prev = pointers.current.get(e.pointerId);
    if (!prev) return;
    const now = { x: e.clientX, y: e.clientY };
    if (pointers.current.size === 2) {
      const other = [...pointers.current.entries()].find(([id]) => id !== e.pointerId)?.[1];
      if (other) {
        const factor = distance(now, other) / Math.max(1, distance(prev, other));
        const mid = centreOf({ x: (now.x + other.x) / 2, y: (now.y + other.y) / 2 });
        setView((v) => zoomAt(v, factor, mid));
      }
    } else {
      setView((v) => panBy(v, now.x - prev.x, now.y - prev.y));
    }
    pointers.current.set(e.pointerId, now);
  };
  const onUp = (e: PointerEvent) => pointers.current.delete(e.pointerId);

  if (!current) return null;
  const alt = t('results.viewer.alt', { n: index + 1 });
  return createPortal(
    <div
      className="hj-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={t('results.viewer.title')}
      onKeyDown={onKey}
    >
      <div className="hj-viewer__bar">
        <span className="hj-viewer__count">
          {outputs.length > 1 ? `${index + 1} / ${outputs.length}` : t('results.viewer.title')}
        </span>
        <div className="hj-viewer__tools">
          <LazyTooltip title={t('results.viewer.zoomOut')}>
            <Button
              type="text"
              icon={<ZoomOutOutlined />}
              aria-label={t('results.viewer.zoomOut')}
              onClick={() => setView((v) => zoomAt(v, 1 / 1.5))}
            />
          </LazyTooltip>
          <button
            type="button"
            className="hj-viewer__scale"
            onClick={() => setView(fitView)}
            title={t('results.viewer.fit')}
          >
            {percentLabel(shownPercent(view.scale, fit), t('results.viewer.fitShort'))}
          </button>
          <LazyTooltip title={t('results.viewer.zoomIn')}>
            <Button
              type="text"
              icon={<ZoomInOutlined />}
              aria-label={t('results.viewer.zoomIn')}
              onClick={() => setView((v) => zoomAt(v, 1.5))}
            />
          </LazyTooltip>
          {before ? (
            <Button
              type="text"
              icon={<SwapOutlined />}
              aria-pressed={compare}
              aria-label={t('results.viewer.compare')}
              className={compare ? 'is-on' : undefined}
              onClick={() => setCompare((c) => !c)}
            >
              <span className="hj-viewer__label">{t('results.viewer.compare')}</span>
            </Button>
          ) : null}
          <Button
            type="text"
            icon={<DownloadOutlined />}
            loading={downloading}
            aria-label={t('results.viewer.download')}
            onClick={() => onDownload(index)}
          >
            <span className="hj-viewer__label">{t('results.viewer.download')}</span>
          </Button>
          <Button
            ref={closeButton}
            type="text"
            icon={<CloseOutlined />}
            aria-label={t('results.viewer.close')}
            onClick={onClose}
          />
        </div>
      </div>
      <div
        ref={stage}
        className={`hj-viewer__stage${view.scale > 1 ? ' is-zoomed' : ''}`}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={onUp}
        onDoubleClick={(e) =>
          setView((v) =>
            v.scale > 1 ? fitView : zoomAt(v, 2.5, centreOf({ x: e.clientX, y: e.clientY })),
          )
        }
      >
        <div
          className="hj-viewer__canvas"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        >
          {compare && before ? (
            <CompareSlider before={before} after={current.url} alt={alt} handleOnly />
          ) : (
            <img
              className="hj-viewer__img"
              src={current.url}
              alt={alt}
              draggable={false}
              onLoad={(e) => setFit(measureFit(e.currentTarget))}
            />
          )}
        </div>
        {outputs.length > 1 && !compare ? (
          <>
            <button
              type="button"
              className="hj-viewer__nav hj-viewer__nav--prev"
              aria-label={t('results.viewer.prev')}
              onPointerDown={(e) => e.stopPropagation()}
              onClick={() => go(-1)}
            >
              <LeftOutlined />
            </button>
            <button
              type="button"
              className="hj-viewer__nav hj-viewer__nav--next"
              aria-label={t('results.viewer.next')}
              onPointerDown={(e) => e.stopPropagation()}
              onClick={() => go(1)}
            >
              <RightOutlined />
            </button>
          </>
        ) : null}
      </div>
      <p className="hj-viewer__hint">{t('results.viewer.hint')}</p>
    </div>,
    document.body,
  );
};
