/** Keeps the event loop busy, as CPU-heavy work on the main thread does. */
export const blockLoop = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
};

/**
 * Starts `call` and blocks the loop inside a check-phase callback: the next loop iteration runs
 * the expired timers before it reads finished I/O, which is the order that made a busy process
 * read a healthy dependency as down.
 */
export const underBusyLoop = <T>(call: () => Promise<T>, busyMs: number): Promise<T> =>
  new Promise((resolve, reject) => {
    setImmediate(() => {
      call().then(resolve, reject);
      blockLoop(busyMs);
    });
  });
