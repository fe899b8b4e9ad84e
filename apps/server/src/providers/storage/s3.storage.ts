import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { EMPTY_SHA256, presignUrl, sha256Hex, signRequest, uriEncode } from './s3-signer';
import { StorageNotFoundError } from './storage.port';
import type { StoragePort } from './storage.port';

export type S3StorageConfig = {
  /** http(s)://host[:port][/base]: AWS, MinIO, Ceph RGW, or an OSS/COS S3-compatible gateway. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** endpoint/bucket/key (default) instead of bucket.endpoint/key. */
  forcePathStyle: boolean;
  /** Prepended to every key ("huijing" → huijing/2026/03/<id>.jpg); no leading or trailing slash. */
  prefix?: string;
  /** Whole-request limit for put/read/delete/stat, and time to response headers for streams. */
  timeoutMs?: number;
  /** Signing clock (tests). */
  now?: () => Date;
};

/** An S3 error response (or a transport failure) with S3's error code, e.g. SignatureDoesNotMatch. */
export class S3Error extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'S3Error';
  }
}

export type S3Storage = StoragePort & {
  readonly driver: 's3';
  /** Size and type, or undefined when the object does not exist (HeadObject). */
  stat(key: string): Promise<{ size: number; contentType: string } | undefined>;
  /**
   * A presigned GET URL straight to the bucket, valid ttlSeconds (≤ 7 days). Anyone holding it
   * can read the object, so callers must check ownership first; reserved for a redirect mode.
   */
  presignedUrl(key: string, ttlSeconds: number): string;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/._-]*$/i;

const xmlField = (xml: string, field: string) =>
  new RegExp(`<${field}>([^<]*)</${field}>`).exec(xml)?.[1];

export const createS3Storage = (config: S3StorageConfig): S3Storage => {
  const endpoint = new URL(config.endpoint);
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') {
    throw new Error('S3 endpoint must be an http(s) URL');
  }
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const prefix = (config.prefix ?? '').replace(/^\/+|\/+$/g, '');
  const timeoutMs = config.timeoutMs ?? 60_000;
  const now = config.now ?? (() => new Date());
  const credentials = {
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
  };

  const objectUrl = (key: string): URL => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
    const objectPath = uriEncode(prefix ? `${prefix}/${key}` : key, true);
    return config.forcePathStyle
      ? new URL(`${endpoint.origin}${basePath}/${uriEncode(config.bucket)}/${objectPath}`)
      : new URL(`${endpoint.protocol}//${config.bucket}.${endpoint.host}${basePath}/${objectPath}`);
  };

  const fail = async (res: Response, method: string, key: string): Promise<never> => {
    const text = method === 'HEAD' ? '' : await res.text().catch(() => '');
    const code = xmlField(text, 'Code') ?? (res.status === 404 ? 'NoSuchKey' : `HTTP${res.status}`);
    if (code === 'NoSuchKey') throw new StorageNotFoundError(key);
    const detail = xmlField(text, 'Message') ?? res.statusText;
    throw new S3Error(code, res.status, `S3 ${method} ${key}: ${code} (${res.status}) ${detail}`);
  };

  /**
   * One signed request. The body's SHA-256 is signed (x-amz-content-sha256), so a body altered
   * in transit is refused by S3 even over plain http. Returns once headers arrived; the caller
   * clears the timer (after reading the body, or at once for streams that take their time).
   */
  const open = async (
    method: 'GET' | 'PUT' | 'HEAD' | 'DELETE',
    key: string,
    opts: { body?: Buffer; contentType?: string } = {},
  ): Promise<{ res: Response; timer: NodeJS.Timeout }> => {
    const url = objectUrl(key);
    const signed = signRequest({
      method,
      url,
      headers: opts.contentType ? { 'content-type': opts.contentType } : {},
      payloadHash: opts.body ? sha256Hex(opts.body) : EMPTY_SHA256,
      credentials,
      at: now(),
    });
    // fetch sets Host from the URL itself (the same url.host that was signed).
    const { host: _host, ...headers } = signed.headers;
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error(`timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    let res: Response;
    try {
      res = await fetch(url, { method, headers, body: opts.body, signal: controller.signal });
    } catch (error) {
      clearTimeout(timer);
      const reason =
        (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      throw new S3Error('NetworkError', 0, `S3 ${method} ${key}: ${reason}`, { cause: error });
    }
    if (!res.ok) {
      clearTimeout(timer);
      await fail(res, method, key);
    }
    return { res, timer };
  };

  /** A request whose whole answer is read under the timeout. */
  const call = async (
    method: 'GET' | 'PUT' | 'HEAD' | 'DELETE',
    key: string,
    opts: { body?: Buffer; contentType?: string } = {},
  ): Promise<{ res: Response; body: Buffer }> => {
    const { res, timer } = await open(method, key, opts);
    try {
      return { res, body: Buffer.from(await res.arrayBuffer()) };
    } catch (error) {
      throw new S3Error('NetworkError', 0, `S3 ${method} ${key}: ${(error as Error).message}`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  };

  /** Headers within the timeout, then the body for as long as it takes. */
  const openStream = async (key: string): Promise<Readable> => {
    const { res, timer } = await open('GET', key);
    clearTimeout(timer);
    return res.body
      ? Readable.fromWeb(res.body as WebReadableStream<Uint8Array>)
      : Readable.from([]);
  };

  const storage: S3Storage = {
    driver: 's3',
    async put(key, data, mime) {
      await call('PUT', key, { body: data, contentType: mime });
    },
    read: async (key) => (await call('GET', key)).body,
    stream: openStream,
    async delete(key) {
      await call('DELETE', key);
    },
    async localPath(key, scratchDir) {
      await fs.mkdir(scratchDir, { recursive: true });
      const source = await openStream(key);
      // Flattened key: unique per object, keeps the extension engines may look at.
      const file = path.join(scratchDir, `s3-${key.replace(/[^a-z0-9._-]/gi, '_')}`);
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        await pipeline(source, createWriteStream(tmp));
        await fs.rename(tmp, file);
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
      return file;
    },
    async stat(key) {
      try {
        const { res } = await call('HEAD', key);
        return {
          size: Number(res.headers.get('content-length') ?? 0),
          contentType: res.headers.get('content-type') ?? 'application/octet-stream',
        };
      } catch (error) {
        if (error instanceof StorageNotFoundError) return undefined;
        throw error;
      }
    },
    presignedUrl: (key, ttlSeconds) =>
      presignUrl({ url: objectUrl(key), credentials, at: now(), expiresSeconds: ttlSeconds }),
  };
  return storage;
};
