/** A promise as React's `use` reads one: once settled, `status` and `value` say how. */
export type KeptPromise<T> = Promise<T> &
  ({ status?: undefined } | { status: 'fulfilled'; value: T });

/**
 * One promise per load, kept: every call answers the same one, so React's `use` sees the same
 * promise on every render (it replays a component that suspended and resumes it only with the
 * same `use` call in the same place), and once it has come it is marked fulfilled, so `use`
 * returns at once instead of suspending for a tick. A load that failed is forgotten: the next
 * call (after the error screen's retry) tries again.
 */
export const keptLoad = <T>(load: () => Promise<T>): (() => KeptPromise<T>) => {
  let kept: KeptPromise<T> | undefined;
  return () => {
    if (kept) return kept;
    const promise: KeptPromise<T> = load().then(
      (value) => Object.assign(promise, { status: 'fulfilled' as const, value }).value,
      (error: unknown) => {
        if (kept === promise) kept = undefined;
        throw error;
      },
    );
    kept = promise;
    return promise;
  };
};

/** A settled promise of nothing: what a load that has nothing to bring answers. */
export const keptNothing: KeptPromise<void> = Object.assign(Promise.resolve(), {
  status: 'fulfilled' as const,
  value: undefined,
});
