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
