/**
 * Leading-edge throttle: the first call runs, later calls within `span` ms are dropped.
 * Used for focus refetches (spec §9: at most one per 5000 ms).
 */
export const throttle = <A extends unknown[]>(
  fn: (...args: A) => void,
  span: number,
  now: () => number = Date.now,
): ((...args: A) => boolean) => {
  let last = -Infinity;
  return (...args: A) => {
    const t = now();
    if (t - last < span) return false;
    last = t;
    fn(...args);
    return true;
  };
};

/**
 * A focus source for TanStack Query's focusManager.setEventListener: reports "focused" when the
 * page becomes visible or the window gains focus, at most once per span.
 */
export const throttledFocusListener =
  (span: number, now: () => number = Date.now, target: Window = window) =>
  (handleFocus: (focused?: boolean) => void): (() => void) => {
    // No argument: TanStack then reads document visibility itself and notifies every time,
    // whereas handleFocus(true) would only notify on a change of a remembered flag.
    const report = throttle(() => handleFocus(), span, now);
    const onEvent = () => {
      if (target.document.visibilityState !== 'hidden') report();
    };
    target.addEventListener('visibilitychange', onEvent, false);
    target.addEventListener('focus', onEvent, false);
    return () => {
      target.removeEventListener('visibilitychange', onEvent);
      target.removeEventListener('focus', onEvent);
    };
  };
