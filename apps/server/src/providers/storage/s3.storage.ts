import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { StorageNotFoundError } from './storage.port';
import type { StoragePort } from './storage.port';
import { writeAtomically } from './write-file';

export type S3StorageConfig = {
  /** http(s)://host[:port]: AWS, MinIO, Ceph RGW, or an OSS/COS S3-compatible gateway. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** endpoint/bucket/key (default) instead of bucket.endpoint/key. */
  forcePathStyle: boolean;
  /** Prepended to every key ("huijing" → huijing/2026/03/<id>.jpg); no leading or trailing slash. */
  prefix?: string;
  /** Time to connect, and to the response's first byte, per attempt. */
  timeoutMs?: number;
  /** Signing clock for presigned URLs (tests). */
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
  presignedUrl(key: string, ttlSeconds: number): Promise<string>;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/._-]*$/i;

/**
 * The bucket through the AWS SDK (v3): SigV4 signing, retries with backoff, path or
 * virtual-hosted addressing and presigning are the SDK's. Checksums are only sent where S3
 * requires them, which S3-compatible stores (MinIO, OSS, COS, s3rver) all accept.
 */
export const createS3Storage = (config: S3StorageConfig): S3Storage => {
  const endpoint = new URL(config.endpoint);
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') {
    throw new Error('S3 endpoint must be an http(s) URL');
  }
  const prefix = (config.prefix ?? '').replace(/^\/+|\/+$/g, '');
  const timeoutMs = config.timeoutMs ?? 60_000;
  const client = new S3Client({
    endpoint: config.endpoint.replace(/\/+$/, ''),
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    maxAttempts: 3,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: Math.min(timeoutMs, 10_000), requestTimeout: timeoutMs },
  });
  const Bucket = config.bucket;

  const keyOf = (key: string): string => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
    return prefix ? `${prefix}/${key}` : key;
  };

  /** S3's answer as StorageNotFoundError (a missing object) or S3Error with S3's code. */
  const failure = (error: unknown, op: string, key: string): Error => {
    if (error instanceof S3ServiceException) {
      const status = error.$metadata.httpStatusCode ?? 0;
      if (error.name === 'NoSuchKey' || (error.name === 'NotFound' && status === 404)) {
        return new StorageNotFoundError(key);
      }
      return new S3Error(
        error.name,
        status,
        `S3 ${op} ${key}: ${error.name} (${status}) ${error.message}`,
        {
          cause: error,
        },
      );
    }
    const reason =
      (error as Error & { cause?: Error }).cause?.message ??
      (error as Error).message ??
      String(error);
    return new S3Error('NetworkError', 0, `S3 ${op} ${key}: ${reason}`, { cause: error });
  };

  const send = async <T>(op: string, key: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw failure(error, op, key);
    }
  };

  const openStream = (key: string): Promise<Readable> =>
    send('GET', key, async () => {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
      return out.Body instanceof Readable ? out.Body : Readable.from([]);
    });

  const storage: S3Storage = {
    driver: 's3',
    async put(key, data, mime) {
      const Key = keyOf(key);
      await send('PUT', key, () =>
        client.send(new PutObjectCommand({ Bucket, Key, Body: data, ContentType: mime })),
      );
    },
    read: (key) =>
      send('GET', key, async () => {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return Buffer.from((await out.Body?.transformToByteArray()) ?? []);
      }),
    stream: openStream,
    async delete(key) {
      const Key = keyOf(key);
      await send('DELETE', key, () => client.send(new DeleteObjectCommand({ Bucket, Key })));
    },
    async localPath(key, scratchDir) {
      await fs.mkdir(scratchDir, { recursive: true });
      const source = await openStream(key);
      // Flattened key: unique per object, keeps the extension engines may look at.
      const file = path.join(scratchDir, `s3-${key.replace(/[^a-z0-9._-]/gi, '_')}`);
      await writeAtomically(file, (tmp) => pipeline(source, createWriteStream(tmp)));
      return file;
    },
    async *list(folder) {
      const base = prefix ? `${prefix}/` : '';
      let ContinuationToken: string | undefined;
      do {
        const page = await send('LIST', folder || '/', () =>
          client.send(
            new ListObjectsV2Command({ Bucket, Prefix: base + folder, ContinuationToken }),
          ),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key?.startsWith(base)) continue;
          yield {
            key: object.Key.slice(base.length),
            modifiedAt: object.LastModified ?? new Date(),
          };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async stat(key) {
      const Key = keyOf(key);
      try {
        const out = await send('HEAD', key, () =>
          client.send(new HeadObjectCommand({ Bucket, Key })),
        );
        return {
          size: Number(out.ContentLength ?? 0),
          contentType: out.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (error instanceof StorageNotFoundError) return undefined;
        throw error;
      }
    },
    presignedUrl: async (key, ttlSeconds) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket, Key: keyOf(key) }), {
        expiresIn: ttlSeconds,
        ...(config.now && { signingDate: config.now() }),
      }),
  };
  return storage;
};
