import { ArrowRightOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Segmented } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './compress.css';
import { useBoxSize } from '../editor';
import { compressedName, extensionOf, formatBytes, savedPercent } from './file-size';
import type { ResultOverrideProps } from './override-types';
import { useFileSize } from './use-file-size';
import { focusFromPointer, zoomView } from './zoom-window';

const ZOOMS = [2, 4, 8] as const;

type Box = { width: number; height: number };

const Pane = ({
  url,
  picture,
  focus,
  zoom,
  label,
  size,
  onSize,
}: {
  url: string;
  picture: Box;
  focus: { x: number; y: number };
  zoom: number;
  label: string;
  size?: string;
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
        aria-label={label}
        style={
          pane.width
            ? {
                backgroundImage: `url("${url}")`,
                backgroundSize: `${view.size.width}px ${view.size.height}px`,
                backgroundPosition: `${view.position.x}px ${view.position.y}px`,
              }
            : undefined
        }
      />
      <figcaption>
        {label}
        {size ? <strong> {size}</strong> : null}
      </figcaption>
    </figure>
  );
};

/** Compress: both file sizes, the saving, and a zoomed side-by-side look at the same spot. */
export const CompressResult = ({ task, inputs }: ResultOverrideProps) => {
  const { t } = useTranslation();
  const before = inputs['upload_img']?.[0];
  const after = task.outputs[0];
  const beforeSize = useFileSize(before?.url);
  const afterSize = useFileSize(after?.url);
  const [zoom, setZoom] = useState<number>(4);
  const [focus, setFocus] = useState({ x: 0.5, y: 0.5 });
  const [pane, setPane] = useState<Box>({ width: 0, height: 0 });
  const dragging = useRef(false);
  if (!after) return null;
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
  const sizesKnown = beforeSize.data !== undefined && afterSize.data !== undefined;
  const percent = sizesKnown ? savedPercent(beforeSize.data!.bytes, afterSize.data!.bytes) : 0;
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
    <section className="hj-edit-result" aria-label={t('editing.compress.zoomTitle')}>
      <div className="hj-compress-stats" data-testid="compress-stats">
        {sizesKnown ? (
          <>
            <span className="hj-compress-stats__item">
              <small>{t('editing.compress.before')}</small>
              <strong data-testid="compress-before">{formatBytes(beforeSize.data!.bytes)}</strong>
            </span>
            <ArrowRightOutlined className="hj-compress-stats__arrow" />
            <span className="hj-compress-stats__item">
              <small>{t('editing.compress.after')}</small>
              <strong data-testid="compress-after">{formatBytes(afterSize.data!.bytes)}</strong>
            </span>
            <span className={`hj-compress-stats__saved${percent < 0 ? ' is-grew' : ''}`}>
              {percent >= 0
                ? t('editing.compress.saved', { percent })
                : t('editing.compress.grew', { percent: -percent })}
            </span>
            <Button
              className="hj-compress-stats__download"
              icon={<DownloadOutlined />}
              href={after.url}
              download={compressedName(task.taskId, afterSize.data!.type)}
            >
              {t('editing.compress.download', {
                format: extensionOf(afterSize.data!.type).toUpperCase(),
              })}
            </Button>
          </>
        ) : beforeSize.isError || afterSize.isError ? null : (
          <span className="hj-edit-card__note">{t('editing.compress.measuring')}</span>
        )}
      </div>
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
          {before ? (
            <Pane
              url={before.url}
              picture={before}
              focus={focus}
              zoom={zoom}
              label={t('editing.compress.before')}
              size={beforeSize.data !== undefined ? formatBytes(beforeSize.data.bytes) : undefined}
            />
          ) : null}
          <Pane
            url={after.url}
            picture={after}
            focus={focus}
            zoom={zoom}
            label={t('editing.compress.after')}
            size={afterSize.data !== undefined ? formatBytes(afterSize.data.bytes) : undefined}
            onSize={setPane}
          />
        </div>
      </div>
      <p className="hj-edit-card__note">{t('editing.compress.zoomHelp')}</p>
    </section>
  );
};
