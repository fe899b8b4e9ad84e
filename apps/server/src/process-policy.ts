import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';

/** Longest message and stack kept in the crash line: minified library sources stay out of logs. */
const MAX_TEXT = 2_000;
const MAX_FRAMES = 15;

const clip = (text: string, max = MAX_TEXT) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;

/** A short, bounded description of anything thrown (an Error, a string, an object). */
export const describeCrash = (
  thrown: unknown,
): { type: string; message: string; stack?: string } => {
  if (thrown instanceof Error) {
    const frames = (thrown.stack ?? '')
      .split('\n')
      .slice(1)
      .filter((l) => /^\s+at /.test(l))
      .slice(0, MAX_FRAMES)
      .map((l) => clip(l.trim(), 300));
    const code = (thrown as { code?: unknown }).code;
    return {
      type: `${thrown.name}${typeof code === 'string' ? ` ${code}` : ''}`,
      message: clip(thrown.message),
      ...(frames.length > 0 && { stack: frames.join('\n') }),
    };
  }
  let text: string;
  try {
    text = typeof thrown === 'string' ? thrown : (JSON.stringify(thrown) ?? String(thrown));
  } catch {
    text = String(thrown);
  }
  return { type: typeof thrown, message: clip(text) };
};

/**
 * The process-level policy: an exception nobody caught, or a rejection nobody handled, means the
 * process is in an unknown state. It is logged as one bounded line (never the library source the
 * default printer shows, which for a minified bundle such as OpenCV.js is megabytes) and the
 * process exits 1 for its supervisor (systemd, Docker, Kubernetes) to start a fresh one; the task
 * rows and their leases make that restart safe. Installed first thing in main, so it runs before
 * any handler a library adds later.
 */
export const installProcessPolicy = (
  logger: Logger,
  options: { exit?: (code: number) => void; flushMs?: number } = {},
): (() => void) => {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let crashed = false;
  const crash = (kind: 'uncaughtException' | 'unhandledRejection') => (thrown: unknown) => {
    if (crashed) return;
    crashed = true;
    logger.fatal({ crash: describeCrash(thrown), kind }, `${kind}: exiting for the supervisor`);
    logger.flush?.();
    exit(1);
  };
  const onException = crash('uncaughtException');
  const onRejection = crash('unhandledRejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
};

/** Worker threads of this process that may still run (their owners register them). */
const threads = new Set<Worker>();

/** Counts `worker` among the threads the exit waits for, until it has exited. */
export const trackThread = (worker: Worker): void => {
  if (threads.has(worker) || worker.threadId === -1) return;
  threads.add(worker);
  worker.once('exit', () => threads.delete(worker));
};

/** Resolves with `value` after `ms`, or earlier with what `work` gives. The timer holds the loop. */
const within = <T>(ms: number, value: T, work: Promise<T>): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(value), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
};

/** True once every tracked thread has exited; false if one is still running after `ms`. */
export const threadsEnded = async (ms: number): Promise<boolean> => {
  if (threads.size === 0) return true;
  const exits = Promise.all([...threads].map((w) => once(w, 'exit').catch(() => undefined)));
  return (
    (await within(
      ms,
      false,
      exits.then(() => true),
    )) || threads.size === 0
  );
};

const flushLogs = (logger: Logger) =>
  within(
    500,
    undefined,
    new Promise<undefined>((resolve) => {
      try {
        logger.flush(() => resolve(undefined));
      } catch {
        resolve(undefined);
      }
    }),
  );

/**
 * Ends the process after a signal, with `code` when it can. process.exit first joins every thread
 * (worker threads, then libuv's pool), and a thread inside a native call (libvips reading or
 * resizing, which terminating its worker cannot interrupt) holds that join for as long as the
 * call runs, with no JavaScript left to run a timer. So when a tracked thread is still running
 * after `waitMs`, the signal is raised again with its default action, which ends the process at
 * once: the supervisor sees the signal it sent.
 */
export const exitAfterSignal = async (
  signal: NodeJS.Signals,
  code: number,
  options: { logger: Logger; waitMs: number },
): Promise<never> => {
  const ended = await threadsEnded(options.waitMs);
  if (!ended) {
    options.logger.warn(
      { signal, threads: threads.size },
      'a worker thread is still busy in native code: ending by the signal',
    );
  }
  await flushLogs(options.logger);
  if (ended) process.exit(code);
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
  // Only still alive if something changed the signal's default action: then nothing holds back.
  setTimeout(() => process.kill(process.pid, 'SIGKILL'), 1_000);
  return new Promise<never>(() => {});
};
