import { Segmented } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './zoom-compare.css';
import { useBoxSize } from '../editor';
import { focusFromPointer, zoomView } from './zoom-window';

const ZOOMS = [2, 4, 8] as const;

type Box = { width: number; height: number };

/** One picture as the comparison shows it. */
export interface ZoomPicture extends Box {
  url: string;
  thumbUrl?: string | null;
  label: string;
  /** Beside the label: the file size, the pixel size… */
  note?: string;
}

const Pane = ({
  picture,
  focus,
  zoom,
  onSize,
}: {
  picture: ZoomPicture;
  focus: { x: number; y: number };
  zoom: number;
  onSize?: (size: Box) => void;
}) => {
  const ref = useRef<HTMLDivElement>(null);
  const pane = useBoxSize(ref);
  useEffect(() => onSize?.(pane), [pane, onSize]);
  const view = zoomView(picture, pane, focus, zoom);
  return (
    <figure className="hj-zoom__pane">
      <div
        ref={ref}
        className="hj-zoom__view"
        role="img"
        aria-label={picture.label}
        style={
          pane.width
            ? {
                backgroundImage: `url("${picture.url}")`,
                backgroundSize: `${view.size.width}px ${view.size.height}px`,
                backgroundPosition: `${view.position.x}px ${view.position.y}px`,
              }
            : undefined
        }
      />
      <figcaption>
        {picture.label}
        {picture.note ? <strong> {picture.note}</strong> : null}
      </figcaption>
    </figure>
  );
};

/**
 * A zoomed side-by-side look at the same spot of two pictures of the same aspect (compress: the
 * file before and after; upscale: the original and the enlargement). The thumbnail picks the
 * spot (pointer or arrow keys); both panes show it at 2×, 4× or 8×.
 */
export const ZoomCompare = ({
  before,
  after,
  initialZoom = 4,
}: {
  before?: ZoomPicture;
  after: ZoomPicture;
  initialZoom?: (typeof ZOOMS)[number];
}) => {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState<number>(initialZoom);
  const [focus, setFocus] = useState({ x: 0.5, y: 0.5 });
  const [pane, setPane] = useState<Box>({ width: 0, height: 0 });
  const dragging = useRef(false);
  const picture = before ?? after;

  const pointAt = (e: PointerEvent<HTMLDivElement>) =>
    setFocus(focusFromPointer(e.currentTarget.getBoundingClientRect(), e.clientX, e.clientY));
  const nudge = (e: KeyboardEvent) => {
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[
      e.key
    ];
    if (!d) return;
    e.preventDefault();
    setFocus((f) => ({
      x: Math.min(1, Math.max(0, f.x + d[0]! * 0.05)),
      y: Math.min(1, Math.max(0, f.y + d[1]! * 0.05)),
    }));
  };
  // The frame on the thumbnail: what part of the picture the panes show.
  const view = zoomView(picture, pane, focus, zoom);
  const frame = pane.width
    ? {
        left: `${(-view.position.x / view.size.width) * 100}%`,
        top: `${(-view.position.y / view.size.height) * 100}%`,
        width: `${(pane.width / view.size.width) * 100}%`,
        height: `${(pane.height / view.size.height) * 100}%`,
      }
    : undefined;

  return (
    <>
      <header className="hj-edit-result__head">
        <h3>{t('editing.compress.zoomTitle')}</h3>
        <Segmented
          size="small"
          value={zoom}
          onChange={(v) => setZoom(Number(v))}
          options={ZOOMS.map((z) => ({ value: z, label: t('editing.compress.zoom', { zoom: z }) }))}
        />
      </header>
      <div className="hj-zoom">
        <div
          className="hj-zoom__map"
          role="slider"
          tabIndex={0}
          aria-label={t('editing.compress.focus')}
          aria-valuetext={`${Math.round(focus.x * 100)}%, ${Math.round(focus.y * 100)}%`}
          aria-valuenow={Math.round(focus.x * 100)}
          style={{ aspectRatio: `${picture.width} / ${picture.height}` }}
          onKeyDown={nudge}
          onPointerDown={(e) => {
            dragging.current = true;
            e.currentTarget.setPointerCapture?.(e.pointerId);
            pointAt(e);
          }}
          onPointerMove={(e) => dragging.current && pointAt(e)}
          onPointerUp={() => (dragging.current = false)}
          onPointerCancel={() => (dragging.current = false)}
        >
          <img src={after.thumbUrl ?? after.url} alt="" draggable={false} />
          {frame ? <span className="hj-zoom__frame" style={frame} /> : null}
        </div>
        <div className="hj-zoom__panes">
          {before ? <Pane picture={before} focus={focus} zoom={zoom} /> : null}
          <Pane picture={after} focus={focus} zoom={zoom} onSize={setPane} />
        </div>
      </div>
      <p className="hj-edit-card__note">{t('editing.compress.zoomHelp')}</p>
    </>
  );
};
