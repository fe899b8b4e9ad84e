import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, classifyChunkError, withChunkTimeout } from './chunk-load';

describe('classifyChunkError', () => {
  it('recognises script chunk failures of each browser', () => {
    expect(
      classifyChunkError(
        new TypeError('Failed to fetch dynamically imported module: /assets/a.js'),
      ),
    ).toBe('script');
    expect(classifyChunkError(new TypeError('error loading dynamically imported module'))).toBe(
      'script',
    );
    expect(classifyChunkError(new TypeError('Importing a module script failed.'))).toBe('script');
    expect(classifyChunkError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(
      'script',
    );
  });
  it('recognises style chunk failures', () => {
    expect(classifyChunkError(new Error('Unable to preload CSS for /assets/home.css'))).toBe(
      'style',
    );
    expect(
      classifyChunkError(Object.assign(new Error('x'), { code: 'CSS_CHUNK_LOAD_FAILED' })),
    ).toBe('style');
    expect(classifyChunkError(new ChunkLoadError('style', 'x'))).toBe('style');
  });
  it('ignores other errors', () => {
    expect(classifyChunkError(new Error('Cannot read properties of undefined'))).toBeUndefined();
    expect(classifyChunkError('nope')).toBeUndefined();
  });
});

describe('withChunkTimeout', () => {
  it('passes a loaded module through', async () => {
    await expect(withChunkTimeout(async () => 'mod', 1000)).resolves.toBe('mod');
  });
  it('fails a chunk that never arrives', async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(() => new Promise(() => undefined), 120_000);
    const check = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    vi.advanceTimersByTime(120_000);
    await check;
    vi.useRealTimers();
  });
});
