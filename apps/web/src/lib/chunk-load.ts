import { CHUNK_LOAD_TIMEOUT_MS } from './constants';

/**
 * Lazy screens are separate chunks; after a deploy or on a flaky network one may fail to load.
 * Spec §8 distinguishes a script chunk failure from a style chunk failure.
 */
export type ChunkErrorKind = 'script' | 'style';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly kind: ChunkErrorKind,
    message: string,
    readonly original?: unknown,
  ) {
    super(message);
  }
}

const STYLE_PATTERNS = [/unable to preload css/i, /css[_ ]?chunk/i, /loading css/i, /stylesheet/i];
const SCRIPT_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /loading (script )?chunk .* failed/i,
  /chunkloaderror/i,
  /unable to preload/i,
];

/** Classifies an error thrown while loading a screen; undefined when it is not a chunk failure. */
export const classifyChunkError = (error: unknown): ChunkErrorKind | undefined => {
  if (error instanceof ChunkLoadError) return error.kind;
  if (!error || typeof error !== 'object') return undefined;
  const {
    name = '',
    message = '',
    code = '',
  } = error as {
    name?: string;
    message?: string;
    code?: string;
  };
  const text = `${name} ${code} ${message}`;
  if (name === 'CssChunkLoadError' || code === 'CSS_CHUNK_LOAD_FAILED') return 'style';
  if (STYLE_PATTERNS.some((p) => p.test(text))) return 'style';
  if (SCRIPT_PATTERNS.some((p) => p.test(text))) return 'script';
  return undefined;
};

/** Rejects with a script ChunkLoadError when a chunk has not arrived in time. */
export const withChunkTimeout = <T>(
  load: () => Promise<T>,
  timeout: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError('script', `Loading chunk timed out after ${timeout} ms`)),
      timeout,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
