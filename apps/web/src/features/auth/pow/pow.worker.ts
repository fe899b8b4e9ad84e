import { searchNonce } from './pow-core';

/** One searcher of the proof of work, off the main thread so the page stays responsive. */
interface Job {
  challenge: string;
  bits: number;
  offset: number;
  stride: number;
}

const scope = self as unknown as {
  postMessage: (message: unknown) => void;
  onmessage: ((event: MessageEvent<Job>) => void) | null;
};

scope.onmessage = (event) => {
  void searchNonce({
    ...event.data,
    onProgress: (tried) => scope.postMessage({ kind: 'progress', tried }),
  }).then((nonce) => scope.postMessage({ kind: 'found', nonce }));
};
