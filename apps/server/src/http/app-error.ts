import { errorCatalogue } from '@huijing/contracts';
import type { ErrorKey } from '@huijing/contracts';

/**
 * The one error a service throws on purpose. It names a catalogue entry, so the code, the HTTP
 * status and the default zh-CN message stay stable; the message may be made more specific (it is
 * shown to the user, so it must be Chinese and safe), and data carries machine-readable detail.
 */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly code: number;
  readonly status: number;
  readonly data: unknown;

  constructor(key: ErrorKey, options: { message?: string; data?: unknown; cause?: unknown } = {}) {
    const entry = errorCatalogue[key];
    super(options.message ?? entry.message, { cause: options.cause });
    this.name = 'AppError';
    this.key = key;
    this.code = entry.code;
    this.status = entry.status;
    this.data = options.data ?? null;
  }
}
