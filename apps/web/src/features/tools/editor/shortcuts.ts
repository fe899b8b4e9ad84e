export type EditorTool = 'brush' | 'erase' | 'polygon' | 'segment' | 'hand';

export type EditorAction =
  | { kind: 'tool'; tool: EditorTool }
  | { kind: 'size'; delta: -1 | 1 }
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'fit' }
  | { kind: 'zoom'; direction: -1 | 1 }
  | { kind: 'toggleMask' }
  | { kind: 'closePolygon' }
  | { kind: 'cancel' };

type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

/**
 * The editor's keyboard map (shown in its legend): B brush, E eraser, P polygon, S segment,
 * H show/hide, [ ] size, 0 fit, + − zoom, Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z or Ctrl+Y redo,
 * Enter closes a polygon, Esc drops it. Space (held) pans; that one is handled by the view.
 */
export const actionForKey = (e: KeyLike): EditorAction | null => {
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (e.ctrlKey || e.metaKey) {
    if (key === 'z') return e.shiftKey ? { kind: 'redo' } : { kind: 'undo' };
    if (key === 'y') return { kind: 'redo' };
    return null;
  }
  if (e.altKey) return null;
  switch (key) {
    case 'b':
      return { kind: 'tool', tool: 'brush' };
    case 'e':
      return { kind: 'tool', tool: 'erase' };
    case 'p':
      return { kind: 'tool', tool: 'polygon' };
    case 's':
      return { kind: 'tool', tool: 'segment' };
    case 'h':
      return { kind: 'toggleMask' };
    case '[':
      return { kind: 'size', delta: -1 };
    case ']':
      return { kind: 'size', delta: 1 };
    case '0':
      return { kind: 'fit' };
    case '=':
    case '+':
      return { kind: 'zoom', direction: 1 };
    case '-':
      return { kind: 'zoom', direction: -1 };
    case 'Enter':
      return { kind: 'closePolygon' };
    case 'Escape':
      return { kind: 'cancel' };
    default:
      return null;
  }
};

export const BRUSH_MIN = 5;
export const BRUSH_MAX = 150;

/** [ and ] step by about 10 %, at least 1, within the slider's range. */
export const stepBrush = (size: number, delta: -1 | 1) => {
  const step = Math.max(1, Math.round(size * 0.1));
  return Math.min(BRUSH_MAX, Math.max(BRUSH_MIN, size + delta * step));
};

/** Typing in a field never triggers an editor shortcut. */
export const isTypingTarget = (el: EventTarget | null) =>
  el instanceof HTMLElement &&
  (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

/** A focused control (button, link, slider…): Space and Enter belong to it. */
export const isControl = (el: EventTarget | null) =>
  el instanceof Element && el.closest('button, a[href], [role="button"], [role="slider"]') !== null;

/** Keys pressed inside a dialog (sign-in, confirmations) are the dialog's. */
export const inDialog = (el: EventTarget | null) =>
  el instanceof Element && el.closest('[role="dialog"]') !== null;
