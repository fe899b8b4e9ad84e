/**
 * A signal that aborts when the caller's does or when the deadline passes. Not
 * AbortSignal.any([…, AbortSignal.timeout()]): on Node 20 the combined signal holds its timeout
 * source weakly, and under GC pressure the deadline silently never fires (seen in our tests).
 */
export const deadlineSignal = (
  parent: AbortSignal | undefined,
  ms: number,
): { signal: AbortSignal; done: () => void } => {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`no answer in ${ms} ms`, 'TimeoutError')),
    ms,
  );
  timer.unref();
  const onAbort = () => controller.abort(parent?.reason);
  if (parent?.aborted) onAbort();
  else parent?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onAbort);
    },
  };
};
