import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Spin } from 'antd';
import type Konva from 'konva';
import { useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Circle, Group, Image as KImage, Layer, Line, Stage } from 'react-konva';
import { notify } from '../../../lib/notify';
import { createOverlay, loadImage, paintOverlay } from './mask-canvas';
import { imageBrushSize, unionRect, type MaskDocument, type Rect } from './mask-model';
import { MaskToolbar, ZoomControls } from './mask-toolbar';
import {
  actionForKey,
  inDialog,
  isControl,
  isTypingTarget,
  stepBrush,
  type EditorAction,
  type EditorTool,
} from './shortcuts';
import { fitView, toImage, zoomAt, type View } from './view-math';
import { useBoxSize } from './use-box-size';
import './editor.css';

export interface MaskEditorImage {
  url: string;
  width: number;
  height: number;
}

/** A click segmentation: points in image pixels → a 0/1 raster at image size (null: nothing). */
export type SegmentFn = (
  points: { x: number; y: number; positive: boolean }[],
) => Promise<Uint8Array | null>;

export interface MaskEditorProps {
  image: MaskEditorImage;
  /** The mask being edited (new MaskDocument(width, height)); keep the same object across renders. */
  doc: MaskDocument;
  /** After every committed edit (stroke end, polygon closed, segment, undo, invert…). */
  onChange?: (doc: MaskDocument) => void;
  /** Brush diameter on screen, pixels (spec §9: 25). */
  brushDefault?: number;
  /** Enables the smart-select tool (S). */
  onSegment?: SegmentFn;
  /** Shown under the canvas (e.g. the save status). */
  footer?: ReactNode;
}

/** How close (screen px) a click must be to the first vertex to close the polygon. */
const CLOSE_RADIUS = { mouse: 12, pen: 14, touch: 22 } as const;

type Gesture =
  | { kind: 'stroke'; pointerId: number }
  | { kind: 'pan'; pointerId: number; from: { x: number; y: number }; view: View }
  | {
      kind: 'pinch';
      from: { cx: number; cy: number; dist: number };
      view: View;
    };

/**
 * The mask editor: paint, erase, draw polygons and click-select on the original image, with
 * zoom and pan, on mouse, pen and touch. The mask lives in `doc` at the image's own pixel size;
 * the canvas only shows it.
 */
export const MaskEditor = ({
  image,
  doc,
  onChange,
  brushDefault = 25,
  onSegment,
  footer,
}: MaskEditorProps) => {
  const { t } = useTranslation();
  const wrapRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<Konva.Layer>(null);
  const box = useBoxSize(wrapRef);
  const [view, setView] = useState<View | null>(null);
  const [tool, setTool] = useState<EditorTool>('brush');
  const [size, setSize] = useState(brushDefault);
  const [showMask, setShowMask] = useState(true);
  const [polygon, setPolygon] = useState<number[]>([]);
  const [cursor, setCursor] = useState<{ x: number; y: number } | null>(null);
  const [spaceDown, setSpaceDown] = useState(false);
  const [segmenting, setSegmenting] = useState(false);
  const [loaded, setLoaded] = useState<{ url: string; img: HTMLImageElement | 'error' } | null>(
    null,
  );
  const photo = loaded?.url === image.url ? loaded.img : null;
  const [grabbing, setGrabbing] = useState(false);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<Gesture | null>(null);
  const segSession = useRef<{
    points: { x: number; y: number; positive: boolean }[];
    op: unknown;
  } | null>(null);

  // The photo.
  useEffect(() => {
    let live = true;
    loadImage(image.url).then(
      (img) => live && setLoaded({ url: image.url, img }),
      () => live && setLoaded({ url: image.url, img: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [image.url]);

  // The overlay canvas at the image's size, painted from the document.
  const overlay = useMemo(() => createOverlay(doc.width, doc.height), [doc]);

  // Fit when the image or the container size changes first.
  const fitted = useRef('');
  useEffect(() => {
    if (!box.width || !box.height) return;
    const key = `${image.url}|${box.width}x${box.height}`;
    if (fitted.current === key) return;
    fitted.current = key;
    setView(fitView(box, image));
  }, [box, image]);

  const redraw = (rect?: Rect) => {
    paintOverlay(overlay, doc, rect);
    shownVersion.set(overlay, doc.version);
    layerRef.current?.batchDraw();
  };
  // A new overlay, or changes made outside (a saved mask read back after a reload): repaint all.
  useEffect(() => {
    if (shownVersion.get(overlay) !== doc.version) redraw();
  });
  const committed = () => {
    rerender();
    onChange?.(doc);
  };

  const stagePoint = (e: { clientX: number; clientY: number }) => {
    const r = wrapRef.current!.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  const closePolygon = (points = polygon) => {
    if (points.length >= 6) {
      const rect = doc.apply({ kind: 'polygon', mode: 'paint', points });
      redraw(rect);
      committed();
    }
    setPolygon([]);
  };

  const runSegment = async (x: number, y: number, positive: boolean) => {
    if (!onSegment || segmenting) return;
    const last = doc.history[doc.history.length - 1];
    const session =
      segSession.current && segSession.current.op === last && last !== undefined
        ? segSession.current
        : null;
    if (!positive && !session) return; // excluding needs something selected first
    const points = [...(session?.points ?? []), { x, y, positive }];
    setSegmenting(true);
    try {
      const data = await onSegment(points);
      if (!data) return;
      const op = { kind: 'segment' as const, data };
      if (session) doc.replaceLast(op);
      else doc.apply(op);
      segSession.current = { points, op };
      redraw();
      committed();
    } catch {
      notify(t('editor.segmentFailed'), 'error');
    } finally {
      setSegmenting(false);
    }
  };

  const act = (a: EditorAction) => {
    switch (a.kind) {
      case 'tool':
        if (a.tool === 'segment' && !onSegment) return;
        setTool(a.tool);
        if (a.tool !== 'polygon') setPolygon([]);
        return;
      case 'size':
        setSize((s) => stepBrush(s, a.delta));
        return;
      case 'undo':
        if (polygon.length) setPolygon((p) => p.slice(0, -2));
        else if (doc.undo()) {
          redraw();
          committed();
        }
        return;
      case 'redo':
        if (doc.redo()) {
          redraw();
          committed();
        }
        return;
      case 'fit':
        if (box.width) setView(fitView(box, image));
        return;
      case 'zoom':
        if (view) {
          setView(
            zoomAt(view, a.direction > 0 ? 1.25 : 0.8, { x: box.width / 2, y: box.height / 2 }),
          );
        }
        return;
      case 'toggleMask':
        setShowMask((s) => !s);
        return;
      case 'closePolygon':
        closePolygon();
        return;
      case 'cancel':
        setPolygon([]);
        return;
    }
  };

  const invert = () => {
    redraw(doc.apply({ kind: 'invert' }));
    committed();
  };
  const clear = () => {
    if (doc.isEmpty()) return;
    redraw(doc.apply({ kind: 'clear' }));
    committed();
  };

  // Keyboard: the whole page while the editor is shown (it is the stage's only tool).
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (isTypingTarget(e.target) || inDialog(e.target)) return;
      // Space and Enter keep their meaning on a focused button or link.
      if ((e.key === ' ' || e.key === 'Enter') && isControl(e.target)) return;
      if (e.key === ' ' || e.code === 'Space') {
        if (!e.repeat) setSpaceDown(true);
        e.preventDefault();
        return;
      }
      const a = actionForKey(e);
      if (!a) return;
      e.preventDefault();
      act(a);
    };
    const up = (e: KeyboardEvent) => {
      if (e.key === ' ' || e.code === 'Space') setSpaceDown(false);
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  });

  // Wheel zoom around the pointer (a native listener: React's wheel listener is passive).
  useEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const p = stagePoint(e);
      // Trackpad pinches arrive as ctrl+wheel with small deltas.
      const k = Math.exp(-e.deltaY * (e.ctrlKey ? 0.01 : 0.0015));
      setView((v) => (v ? zoomAt(v, k, p) : v));
    };
    el.addEventListener('wheel', wheel, { passive: false });
    return () => el.removeEventListener('wheel', wheel);
  }, []);

  const panning = tool === 'hand' || spaceDown;

  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    if (!view || !(photo instanceof HTMLImageElement)) return;
    if (e.pointerType === 'mouse' && e.button !== 0 && e.button !== 1) return;
    wrapRef.current?.setPointerCapture?.(e.pointerId);
    const p = stagePoint(e);
    pointers.current.set(e.pointerId, p);
    if (pointers.current.size === 2) {
      // A second finger: it is a pinch, not a stroke.
      if (gesture.current?.kind === 'stroke') {
        doc.cancelStroke();
        redraw();
      }
      const [a, b] = [...pointers.current.values()] as [typeof p, typeof p];
      gesture.current = {
        kind: 'pinch',
        from: { cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2, dist: Math.hypot(a.x - b.x, a.y - b.y) },
        view,
      };
      return;
    }
    if (pointers.current.size > 2) return;
    if (panning || e.button === 1) {
      gesture.current = { kind: 'pan', pointerId: e.pointerId, from: p, view };
      setGrabbing(true);
      return;
    }
    const at = toImage(view, p);
    if (tool === 'brush' || tool === 'erase') {
      const rect = doc.beginStroke(
        tool === 'brush' ? 'paint' : 'erase',
        imageBrushSize(size, view.scale),
        at.x,
        at.y,
        penPressure(e),
      );
      gesture.current = { kind: 'stroke', pointerId: e.pointerId };
      redraw(rect);
    } else if (tool === 'polygon') {
      if (polygon.length >= 6) {
        const fx = polygon[0]! * view.scale + view.x;
        const fy = polygon[1]! * view.scale + view.y;
        if (
          Math.hypot(p.x - fx, p.y - fy) <=
          (CLOSE_RADIUS[e.pointerType as keyof typeof CLOSE_RADIUS] ?? 12)
        ) {
          closePolygon();
          return;
        }
      }
      setPolygon((pts) => [...pts, at.x, at.y]);
    } else if (tool === 'segment') {
      if (at.x < 0 || at.y < 0 || at.x >= image.width || at.y >= image.height) return;
      void runSegment(Math.floor(at.x), Math.floor(at.y), !e.altKey);
    }
  };

  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    const p = stagePoint(e);
    setCursor(e.pointerType === 'touch' ? null : p);
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, p);
    const g = gesture.current;
    if (!g || !view) return;
    if (g.kind === 'stroke' && g.pointerId === e.pointerId) {
      // Coalesced events keep fast pen and mouse strokes smooth.
      const events = e.nativeEvent.getCoalescedEvents?.() ?? [];
      const list = events.length ? events : [e];
      let rect: Rect | null = null;
      for (const ev of list) {
        const at = toImage(view, stagePoint(ev));
        rect = unionRect(rect, doc.extendStroke(at.x, at.y, penPressure(ev)));
      }
      if (rect) redraw(rect);
    } else if (g.kind === 'pan' && g.pointerId === e.pointerId) {
      setView({ ...g.view, x: g.view.x + p.x - g.from.x, y: g.view.y + p.y - g.from.y });
    } else if (g.kind === 'pinch' && pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [typeof p, typeof p];
      const cx = (a.x + b.x) / 2;
      const cy = (a.y + b.y) / 2;
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      const zoomed = zoomAt(g.view, dist / Math.max(1, g.from.dist), {
        x: g.from.cx,
        y: g.from.cy,
      });
      setView({ ...zoomed, x: zoomed.x + cx - g.from.cx, y: zoomed.y + cy - g.from.cy });
    }
  };

  const onPointerUp = (e: React.PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId);
    const g = gesture.current;
    if (g?.kind === 'stroke' && g.pointerId === e.pointerId) {
      doc.endStroke();
      gesture.current = null;
      committed();
    } else if (g?.kind === 'pan' && g.pointerId === e.pointerId) {
      gesture.current = null;
      setGrabbing(false);
    } else if (g?.kind === 'pinch' && pointers.current.size < 2) {
      gesture.current = null;
    }
  };

  const onDoubleClick = () => {
    if (tool !== 'polygon') return;
    // The double click's second press added a point on top of the previous one: drop it.
    const pts = polygon.slice();
    const n = pts.length;
    if (n >= 4 && Math.hypot(pts[n - 2]! - pts[n - 4]!, pts[n - 1]! - pts[n - 3]!) < 3) {
      pts.splice(n - 2, 2);
    }
    closePolygon(pts);
  };

  const ready = photo instanceof HTMLImageElement;
  const scale = view?.scale ?? 1;
  const cursorClass = panning
    ? grabbing
      ? 'is-grabbing'
      : 'is-grab'
    : tool === 'brush' || tool === 'erase'
      ? 'is-brush'
      : 'is-cross';

  return (
    <div className="hj-mask" data-testid="mask-editor">
      <MaskToolbar
        tool={tool}
        size={size}
        showMask={showMask}
        canUndo={doc.canUndo || polygon.length > 0}
        canRedo={doc.canRedo}
        canClear={!doc.isEmpty()}
        hasSegment={Boolean(onSegment)}
        onAction={act}
        onSize={setSize}
        onInvert={invert}
        onClear={clear}
      />

      <div
        ref={wrapRef}
        className={`hj-mask__canvas ${cursorClass}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onPointerLeave={() => setCursor(null)}
        onDoubleClick={onDoubleClick}
        onContextMenu={(e) => e.preventDefault()}
        data-view-scale={scale}
        data-view-x={view?.x ?? 0}
        data-view-y={view?.y ?? 0}
      >
        {box.width > 0 && view && ready ? (
          <Stage width={box.width} height={box.height} listening={false}>
            <Layer ref={layerRef} listening={false}>
              <Group x={view.x} y={view.y} scaleX={scale} scaleY={scale}>
                <KImage image={photo} width={image.width} height={image.height} />
                <KImage
                  image={overlay}
                  width={image.width}
                  height={image.height}
                  visible={showMask}
                />
                {polygon.length ? (
                  <>
                    <Line
                      points={
                        cursor && tool === 'polygon' ? [...polygon, ...pt(view, cursor)] : polygon
                      }
                      stroke="#4f46e5"
                      strokeWidth={2 / scale}
                      dash={[6 / scale, 4 / scale]}
                      fill="rgba(99, 102, 241, 0.18)"
                      closed={polygon.length >= 6}
                    />
                    {pairs(polygon).map(([x, y], i) => (
                      <Circle
                        key={i}
                        x={x}
                        y={y}
                        radius={(i === 0 ? 6 : 4) / scale}
                        fill={i === 0 ? '#fff' : '#4f46e5'}
                        stroke="#4f46e5"
                        strokeWidth={2 / scale}
                      />
                    ))}
                  </>
                ) : null}
              </Group>
              {cursor && (tool === 'brush' || tool === 'erase') && !panning ? (
                <Circle
                  x={cursor.x}
                  y={cursor.y}
                  radius={size / 2}
                  stroke={tool === 'brush' ? '#4f46e5' : '#0f172a'}
                  strokeWidth={1.5}
                  dash={tool === 'erase' ? [4, 3] : undefined}
                  fill={tool === 'brush' ? 'rgba(99, 102, 241, 0.15)' : 'rgba(255,255,255,0.25)'}
                />
              ) : null}
            </Layer>
          </Stage>
        ) : null}
        {photo === null ? (
          <div className="hj-mask__state">
            <Spin indicator={<LoadingOutlined spin />} />
            <span>{t('editor.loading')}</span>
          </div>
        ) : null}
        {photo === 'error' ? (
          <div className="hj-mask__state">
            <Alert type="error" showIcon message={t('editor.loadFailed')} />
          </div>
        ) : null}
        {segmenting ? (
          <div className="hj-mask__busy" role="status">
            <LoadingOutlined /> {t('editor.segmenting')}
          </div>
        ) : null}
        <p className="hj-mask__hint">{t(`editor.hint.${tool}`)}</p>
        <ZoomControls scale={scale} onAction={act} />
      </div>
      {footer ? <div className="hj-mask__footer">{footer}</div> : null}
    </div>
  );
};

/** A pen's pressure (mouse and touch draw at full size). */
const penPressure = (e: { pointerType: string; pressure: number }) =>
  e.pointerType === 'pen' && e.pressure > 0 ? e.pressure : undefined;

/** doc.version each overlay canvas shows. */
const shownVersion = new WeakMap<HTMLCanvasElement, number>();

const pairs = (flat: number[]) => {
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
};
const pt = (view: View, p: { x: number; y: number }) => {
  const at = toImage(view, p);
  return [at.x, at.y];
};
