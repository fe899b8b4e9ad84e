import { searchNonce } from './pow-core';

export interface SolveOptions {
  /** Called with an estimate in [0, 1): hashes tried against the expected 2^bits. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

type Message = { kind: 'progress'; tried: number } | { kind: 'found'; nonce: string };

const expectedProgress = (tried: number, bits: number) =>
  // 1 - e^(-tried / 2^bits): the chance a solution would have been found by now.
  Math.min(0.99, 1 - Math.exp(-tried / 2 ** bits));

/**
 * Solves a challenge in Web Workers, one per core (at most 4), each searching its own share of
 * nonces. Where workers are unavailable (tests, old browsers) the search runs on this thread.
 */
export const solveProofOfWork = (
  challenge: string,
  bits: number,
  options: SolveOptions = {},
): Promise<string> => {
  if (typeof Worker === 'undefined') {
    let stopped = false;
    options.signal?.addEventListener('abort', () => (stopped = true), { once: true });
    return searchNonce({
      challenge,
      bits,
      offset: 0,
      stride: 1,
      onProgress: (tried) => options.onProgress?.(expectedProgress(tried, bits)),
      shouldStop: () => stopped,
    }).then((nonce) => {
      if (nonce === undefined) throw new DOMException('aborted', 'AbortError');
      return nonce;
    });
  }

  const count = Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2));
  return new Promise<string>((resolve, reject) => {
    const workers: Worker[] = [];
    const tried = new Array<number>(count).fill(0);
    const stopAll = () => workers.forEach((w) => w.terminate());
    options.signal?.addEventListener(
      'abort',
      () => {
        stopAll();
        reject(new DOMException('aborted', 'AbortError'));
      },
      { once: true },
    );
    for (let i = 0; i < count; i++) {
      const worker = new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (event: MessageEvent<Message>) => {
        if (event.data.kind === 'found') {
          stopAll();
          resolve(event.data.nonce);
          return;
        }
        tried[i] = event.data.tried;
        options.onProgress?.(
          expectedProgress(
            tried.reduce((a, b) => a + b, 0),
            bits,
          ),
        );
      };
      worker.onerror = (event) => {
        event.preventDefault();
        stopAll();
        reject(new Error('安全验证组件加载失败，请刷新页面后重试'));
      };
      workers.push(worker);
      worker.postMessage({ challenge, bits, offset: i, stride: count });
    }
  });
};
