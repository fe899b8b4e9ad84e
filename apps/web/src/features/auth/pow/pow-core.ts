/**
 * The "validate" captcha's proof of work (docs/accounts.md): find a nonce such that
 * sha256(challenge + nonce) starts with `bits` zero bits. Nonces are base-36 counters; several
 * searchers split the counter space by `offset` and `stride`.
 */

export const leadingZeroBits = (digest: Uint8Array): number => {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
};

/** Digests in flight at once: WebCrypto is asynchronous, so batching keeps it busy. */
const BATCH = 512;

export interface SearchOptions {
  challenge: string;
  bits: number;
  offset: number;
  stride: number;
  onProgress?: (tried: number) => void;
  shouldStop?: () => boolean;
}

export const searchNonce = async (options: SearchOptions): Promise<string | undefined> => {
  const { challenge, bits, offset, stride } = options;
  const encoder = new TextEncoder();
  let tried = 0;
  for (let n = offset; ; n += stride * BATCH) {
    if (options.shouldStop?.()) return undefined;
    const nonces: string[] = [];
    for (let i = 0; i < BATCH; i++) nonces.push((n + i * stride).toString(36));
    const digests = await Promise.all(
      nonces.map((nonce) => crypto.subtle.digest('SHA-256', encoder.encode(challenge + nonce))),
    );
    for (let i = 0; i < BATCH; i++) {
      if (leadingZeroBits(new Uint8Array(digests[i]!)) >= bits) return nonces[i];
    }
    tried += BATCH;
    options.onProgress?.(tried);
  }
};
