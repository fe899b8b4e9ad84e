import { UndoOutlined } from '@ant-design/icons';
import { Button, Segmented } from 'antd';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clampPad,
  outputSize,
  padsFromParams,
  PAD_MAX,
  PAD_STEP,
  SIDES,
  type Pads,
  type Side,
} from './extend-model';
import { useBoxSize } from './use-box-size';
import './editor.css';

const RATIOS = ['1:1', '4:3', '3:4', '3:2', '2:3', '16:9', '9:16', '21:9'] as const;
const FREE = 'free';

/** How each side's handle moves with the pointer (screen axis and direction). */
const axis: Record<Side, { dx: number; dy: number }> = {
  top: { dx: 0, dy: -1 },
  right: { dx: 1, dy: 0 },
  bottom: { dx: 0, dy: 1 },
  left: { dx: -1, dy: 0 },
};

/**
 * /extendImg on the stage: the picture inside the canvas it will grow to, a handle on each side
 * to drag outwards, and ratio presets. It edits the tool's own parameters (top/right/bottom/left
 * and ratio), so the form's sliders, this view and the engine always agree.
 */
export const ExtendEditor = ({
  image,
  values,
  setParam,
}: {
  image: { url: string; width: number; height: number };
  values: Record<string, unknown>;
  setParam: (name: string, value: unknown) => void;
}) => {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const box = useBoxSize(boxRef);
  const drag = useRef<{
    side: Side;
    from: { x: number; y: number };
    start: Pads;
    scale: number;
  } | null>(null);
  const [frozen, setFrozen] = useState<number | null>(null);

  const pads = padsFromParams(image, values);
  const out = outputSize(image, pads);
  const ratio = typeof values.ratio === 'string' && values.ratio ? values.ratio : FREE;
  // While a handle is dragged the scale stays put, so the handle follows the finger.
  const margin = 28;
  const fit = Math.min(
    (box.width - 2 * margin) / out.width,
    (box.height - 2 * margin) / out.height,
    1,
  );
  const scale = frozen ?? (fit > 0 ? fit : 0);
  const frame = { width: out.width * scale, height: out.height * scale };
  const left = (box.width - frame.width) / 2;
  const top = (box.height - frame.height) / 2;

  const setSides = (next: Pads) => {
    if (values.ratio !== undefined) setParam('ratio', undefined);
    for (const side of SIDES) if (next[side] !== values[side]) setParam(side, next[side]);
  };

  const onDown = (side: Side) => (e: PointerEvent<HTMLButtonElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { side, from: { x: e.clientX, y: e.clientY }, start: pads, scale };
    setFrozen(scale);
  };
  const onMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || !d.scale) return;
    const a = axis[d.side];
    const delta = ((e.clientX - d.from.x) * a.dx + (e.clientY - d.from.y) * a.dy) / d.scale;
    const value = clampPad(d.start[d.side] + delta);
    if (value !== pads[d.side] || values.ratio !== undefined) {
      setSides({ ...d.start, [d.side]: value });
    }
  };
  const onUp = () => {
    drag.current = null;
    setFrozen(null);
  };
  const onKey = (side: Side) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const keys: Record<string, number> = {
      ArrowUp: side === 'top' ? 1 : side === 'bottom' ? -1 : 0,
      ArrowDown: side === 'bottom' ? 1 : side === 'top' ? -1 : 0,
      ArrowRight: side === 'right' ? 1 : side === 'left' ? -1 : 0,
      ArrowLeft: side === 'left' ? 1 : side === 'right' ? -1 : 0,
    };
    const dir = keys[e.key];
    if (!dir) return;
    e.preventDefault();
    setSides({ ...pads, [side]: clampPad(pads[side] + dir * PAD_STEP * (e.shiftKey ? 8 : 4)) });
  };

  const imgBox = {
    left: left + pads.left * scale,
    top: top + pads.top * scale,
    width: image.width * scale,
    height: image.height * scale,
  };
  const handlePos = (side: Side) => {
    const cx = left + frame.width / 2;
    const cy = top + frame.height / 2;
    switch (side) {
      case 'top':
        return { left: cx, top };
      case 'bottom':
        return { left: cx, top: top + frame.height };
      case 'left':
        return { left, top: cy };
      case 'right':
        return { left: left + frame.width, top: cy };
    }
  };

  return (
    <div className="hj-extend" data-testid="extend-editor">
      <div className="hj-extend__bar">
        <span className="hj-extend__label">{t('editor.extend.ratio')}</span>
        <Segmented
          size="small"
          value={ratio}
          onChange={(v) => setParam('ratio', v === FREE ? undefined : v)}
          options={[
            { value: FREE, label: t('editor.extend.free') },
            ...RATIOS.map((r) => ({ value: r, label: r })),
          ]}
        />
        <Button
          size="small"
          type="text"
          icon={<UndoOutlined />}
          onClick={() => setSides({ top: 0, right: 256, bottom: 0, left: 256 })}
        >
          {t('editor.extend.reset')}
        </Button>
      </div>
      <div ref={boxRef} className="hj-extend__canvas">
        {scale > 0 ? (
          <>
            <div
              className="hj-extend__frame"
              style={{ left, top, width: frame.width, height: frame.height }}
              aria-hidden
            />
            <img
              className="hj-extend__img"
              src={image.url}
              alt=""
              draggable={false}
              style={imgBox}
            />
            {SIDES.map((side) => {
              const pos = handlePos(side);
              return (
                <button
                  key={side}
                  type="button"
                  role="slider"
                  className={`hj-extend__handle is-${side}`}
                  style={pos}
                  aria-label={t(`editor.extend.${side}`)}
                  aria-valuemin={0}
                  aria-valuemax={PAD_MAX}
                  aria-valuenow={pads[side]}
                  aria-valuetext={`${pads[side]} px`}
                  data-side={side}
                  onPointerDown={onDown(side)}
                  onPointerMove={onMove}
                  onPointerUp={onUp}
                  onPointerCancel={onUp}
                  onKeyDown={onKey(side)}
                >
                  <span>{pads[side]}</span>
                </button>
              );
            })}
          </>
        ) : null}
        <p className="hj-mask__hint">{t('editor.extend.hint')}</p>
      </div>
      <p className="hj-mask-status" data-testid="extend-size">
        {t('editor.extend.size', { width: out.width, height: out.height })}
        <small>
          {' '}
          · {image.width} × {image.height}
        </small>
      </p>
    </div>
  );
};
