import fs from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageNotFoundError } from '../src/providers/storage';
import { S3Error, createS3Storage } from '../src/providers/storage/s3.storage';
import type { S3StorageConfig } from '../src/providers/storage/s3.storage';
import { startS3rver } from './doubles/s3rver';
import type { S3Server } from './doubles/s3rver';
import { buildTestApp, describeEachDatabase, expectError, makeTempDir, smsLogin } from './helper';
import type { TestApp } from './helper';
import { jpeg, upload } from './task-fixtures';

const configOf = (s3: S3Server, over: Partial<S3StorageConfig> = {}): S3StorageConfig => ({
  endpoint: s3.url,
  bucket: s3.bucket,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  region: 'us-east-1',
  forcePathStyle: true,
  timeoutMs: 5_000,
  ...over,
});

// The adapter through the AWS SDK against s3rver, a real S3-protocol server that checks SigV4.
describe('S3 storage through the AWS SDK, against s3rver', () => {
  let s3: S3Server;
  let scratch: string;
  beforeAll(async () => {
    s3 = await startS3rver();
    scratch = await makeTempDir();
  });
  afterAll(async () => {
    await s3?.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it('puts, reads, streams, stats, downloads for an engine and deletes', async () => {
    const storage = createS3Storage(configOf(s3, { prefix: 'huijing/test' }));
    const data = Buffer.from('\x89PNG not really, but bytes');
    await storage.put('2026/03/abc.png', data, 'image/png');
    // Under the prefix: a client without it sees the full key.
    expect(await createS3Storage(configOf(s3)).stat('huijing/test/2026/03/abc.png')).toEqual({
      size: data.length,
      contentType: 'image/png',
    });
    expect((await storage.read('2026/03/abc.png')).equals(data)).toBe(true);
    expect(await text(await storage.stream('2026/03/abc.png'))).toBe(data.toString());

    const work = path.join(scratch, 'task-1');
    const local = await storage.localPath('2026/03/abc.png', work);
    expect(path.dirname(local)).toBe(work);
    expect(local.endsWith('.png')).toBe(true);
    expect((await fs.readFile(local)).equals(data)).toBe(true);
    expect((await fs.readdir(work)).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    await storage.delete('2026/03/abc.png');
    expect(await storage.stat('2026/03/abc.png')).toBeUndefined();
    await expect(storage.read('2026/03/abc.png')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.stream('2026/03/abc.png')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.localPath('2026/03/abc.png', work)).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
    // Deleting what is gone is not an error (S3 answers 204 either way).
    await storage.delete('2026/03/abc.png');
  });

  it('lists the objects under a folder, without the configured prefix, in one listing', async () => {
    const storage = createS3Storage(configOf(s3, { prefix: 'huijing/list' }));
    const keys = [
      '2026/04/a.png',
      '2026/04/b.png',
      '2026/05/c.png',
      '2026/05/d.png.7.tmp',
      '2026/06/e.jpg',
    ];
    for (const k of keys) await storage.put(k, Buffer.from('x'), 'image/png');
    await storage.put('samples/a.webp', Buffer.from('x'), 'image/webp');
    const listed = [];
    for await (const object of storage.list('2026/')) listed.push(object);
    expect(listed.map((o) => o.key).sort()).toEqual(keys);
    expect(listed.every((o) => o.modifiedAt instanceof Date && o.modifiedAt.getTime() > 0)).toBe(
      true,
    );
    const all = [];
    for await (const object of storage.list('')) all.push(object.key);
    expect(all).toHaveLength(keys.length + 1);
    expect(all).toContain('samples/a.webp');
  });

  it('refuses unsafe keys before any request', async () => {
    const storage = createS3Storage(configOf(s3, { endpoint: 'http://127.0.0.1:9' }));
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /unsafe storage key/,
    );
    await expect(storage.presignedUrl('/abs', 60)).rejects.toThrow(/unsafe storage key/);
  });

  it('an unknown access key is refused by the server, surfaced as S3Error', async () => {
    // s3rver checks the key id (its SigV4 signature check is unimplemented; signing is the SDK's).
    const unknownKey = createS3Storage(configOf(s3, { accessKeyId: 'AKIAUNKNOWN' }));
    const error = await unknownKey.read('a.jpg').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3Error);
    expect(error).toMatchObject({ code: 'InvalidAccessKeyId', status: 403 });
    expect((error as Error).message).toMatch(/InvalidAccessKeyId \(403\)/);
  });

  it('maps a missing bucket and an unreachable endpoint to errors with a code', async () => {
    const other = createS3Storage(configOf(s3, { bucket: 'someone-else' }));
    await expect(other.read('k.jpg')).rejects.toMatchObject({ code: 'NoSuchBucket', status: 404 });
    const down = createS3Storage(configOf(s3, { endpoint: 'http://127.0.0.1:9' }));
    await expect(down.read('k.jpg')).rejects.toMatchObject({ code: 'NetworkError' });
  });

  it('presigned GET URLs read the object until they expire', async () => {
    let clock = new Date();
    const storage = createS3Storage(configOf(s3, { now: () => clock }));
    await storage.put('2026/03/p.webp', Buffer.from('presigned bytes'), 'image/webp');
    const url = await storage.presignedUrl('2026/03/p.webp', 300);
    expect(url).toMatch(/X-Amz-Algorithm=AWS4-HMAC-SHA256/);
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('presigned bytes');

    clock = new Date(Date.now() - 301_000);
    const expired = await fetch(await storage.presignedUrl('2026/03/p.webp', 300));
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
  });

  it('builds virtual-hosted URLs when path style is off', async () => {
    const storage = createS3Storage(
      configOf(s3, {
        endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
        bucket: 'huijing',
        forcePathStyle: false,
        region: 'oss-cn-hangzhou',
      }),
    );
    expect(await storage.presignedUrl('2026/03/a.jpg', 60)).toMatch(
      /^https:\/\/huijing\.oss-cn-hangzhou\.aliyuncs\.com\/2026\/03\/a\.jpg\?/,
    );
  });
});

describeEachDatabase('uploads through the API with the s3 storage driver', (target) => {
  let s3: S3Server;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3rver();
    t = await buildTestApp({
      target,
      role: 'api',
      env: {
        S3_ENDPOINT: s3.url,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_PREFIX: 'uploads',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores uploads in the bucket and serves them through signed /api/files links', async () => {
    expect(t.env.storage.driver).toBe('s3');
    expect(t.container.storage.driver).toBe('s3');
    const a = await smsLogin(t);
    const b = await smsLogin(t);
    const up = await upload(t, a.token, await jpeg(64, 48));
    const row = await t.container.database.db
      .selectFrom('files')
      .select('storage_key')
      .where('id', '=', up.fileId)
      .executeTakeFirstOrThrow();
    // In the bucket under the prefix, read back with a separate client.
    const direct = createS3Storage({ ...configOf(s3), prefix: 'uploads' });
    const stored = await direct.read(row.storage_key);
    expect(await direct.stat(row.storage_key)).toMatchObject({ contentType: 'image/jpeg' });
    expect(await createS3Storage(configOf(s3)).stat(`uploads/${row.storage_key}`)).toBeDefined();
    // Nothing landed on local disk.
    await expect(fs.access(path.join(t.dataDir, 'files'))).rejects.toThrow();

    const res = await t.app.inject({ method: 'GET', url: up.url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(stored)).toBe(true);

    const thumb = await t.app.inject({ method: 'GET', url: up.thumbUrl });
    expect(thumb.statusCode, thumb.body).toBe(200);

    const bare = `/api/files/${up.fileId}`;
    expectError(
      await t.app.inject({ method: 'GET', url: bare, headers: { satoken: b.token } }),
      'FILE_NOT_FOUND',
    );
    const own = await t.app.inject({ method: 'GET', url: bare, headers: { satoken: a.token } });
    expect(own.rawPayload.equals(stored)).toBe(true);
  });
});
