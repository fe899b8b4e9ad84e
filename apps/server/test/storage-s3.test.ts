import fs from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageNotFoundError } from '../src/providers/storage';
import { S3Error, createS3Storage } from '../src/providers/storage/s3.storage';
import type { S3StorageConfig } from '../src/providers/storage/s3.storage';
import {
  EMPTY_SHA256,
  presignUrl,
  sha256Hex,
  signRequest,
  signingKey,
  uriEncode,
} from '../src/providers/storage/s3-signer';
import { startS3Double } from './doubles/s3-double';
import type { S3Double } from './doubles/s3-double';
import { buildTestApp, describeEachDatabase, expectError, makeTempDir, smsLogin } from './helper';
import type { TestApp } from './helper';
import { jpeg, upload } from './task-fixtures';

// AWS's documented example credentials and date (S3 API reference, Signature Version 4 examples).
const example = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const at = new Date('2013-05-24T00:00:00Z');

describe('SigV4 signer against the AWS worked examples', () => {
  it('GET Object with a Range header (header-based auth)', () => {
    const signed = signRequest({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: EMPTY_SHA256,
      credentials: example,
      at,
    });
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_SHA256}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_SHA256,
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      'AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n' +
        '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    );
    expect(signed.signature).toBe(
      'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('PUT Object with a signed body and an encoded key (test$file.text)', () => {
    const body = 'Welcome to Amazon S3.';
    expect(sha256Hex(body)).toBe(
      '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    );
    const signed = signRequest({
      method: 'PUT',
      url: new URL(`https://examplebucket.s3.amazonaws.com/${uriEncode('test$file.text', true)}`),
      headers: {
        Date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      },
      payloadHash: sha256Hex(body),
      credentials: example,
      at,
    });
    expect(signed.canonicalRequest.split('\n')[1]).toBe('/test%24file.text');
    expect(signed.signature).toBe(
      '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it('presigned GET URL (query-string auth), valid 24 hours', () => {
    const url = presignUrl({
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      credentials: example,
      at,
      expiresSeconds: 86_400,
    });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt' +
        '?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
    expect(() =>
      presignUrl({ url: new URL(url), credentials: example, at, expiresSeconds: 604_801 }),
    ).toThrow(/7 days/);
  });

  it('derives the signing key by the documented HMAC chain and encodes like S3', () => {
    // The general SigV4 documentation's derived-key example (IAM, 20150830).
    const key = signingKey(
      'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      '20150830',
      'us-east-1',
      'iam',
    );
    expect(key.toString('hex')).toBe(
      'c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9',
    );
    expect(uriEncode('a b/c~d*e+f=é', true)).toBe('a%20b/c~d%2Ae%2Bf%3D%C3%A9');
    expect(uriEncode('a/b')).toBe('a%2Fb');
  });
});

describe('S3 storage adapter against a signature-checking double', () => {
  let s3: S3Double;
  let scratch: string;
  const configFor = (over: Partial<S3StorageConfig> = {}): S3StorageConfig => ({
    endpoint: s3.url,
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    region: s3.region,
    forcePathStyle: true,
    ...over,
  });
  beforeAll(async () => {
    s3 = await startS3Double();
    scratch = await makeTempDir('huijing-s3-');
  });
  afterAll(async () => {
    await s3.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it('puts, reads, streams, stats, downloads for engines and deletes', async () => {
    const storage = createS3Storage(configFor({ prefix: 'huijing/test' }));
    const data = Buffer.from('绘境 bytes \u0000\u00ff'.repeat(1000));
    await storage.put('2026/03/abc.png', data, 'image/png');
    const stored = s3.objects.get('huijing/test/2026/03/abc.png');
    expect(stored?.contentType).toBe('image/png');
    expect(stored?.body.equals(data)).toBe(true);
    expect(s3.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/${s3.bucket}/huijing/test/2026/03/abc.png`,
      auth: 'header',
      status: 200,
    });

    expect((await storage.read('2026/03/abc.png')).equals(data)).toBe(true);
    const streamed = await storage.stream('2026/03/abc.png');
    expect(await text(streamed)).toBe(data.toString());
    expect(await storage.stat('2026/03/abc.png')).toEqual({
      size: data.length,
      contentType: 'image/png',
    });

    const work = path.join(scratch, 'task-1');
    const local = await storage.localPath('2026/03/abc.png', work);
    expect(path.dirname(local)).toBe(work);
    expect(local.endsWith('.png')).toBe(true);
    expect((await fs.readFile(local)).equals(data)).toBe(true);
    expect((await fs.readdir(work)).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    await storage.delete('2026/03/abc.png');
    expect(s3.objects.has('huijing/test/2026/03/abc.png')).toBe(false);
    expect(await storage.stat('2026/03/abc.png')).toBeUndefined();
    await expect(storage.read('2026/03/abc.png')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.stream('2026/03/abc.png')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.localPath('2026/03/abc.png', work)).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
    // Deleting what is gone is not an error (S3 answers 204 either way).
    await storage.delete('2026/03/abc.png');
    expect(s3.requests.every((r) => r.auth === 'header')).toBe(true);
  });

  it('refuses unsafe keys before any request', async () => {
    const storage = createS3Storage(configFor());
    const before = s3.requests.length;
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /unsafe storage key/,
    );
    expect(() => storage.presignedUrl('/abs', 60)).toThrow(/unsafe storage key/);
    expect(s3.requests.length).toBe(before);
  });

  it('a wrong secret is refused by the double with SignatureDoesNotMatch, surfaced as S3Error', async () => {
    const storage = createS3Storage(configFor({ secretAccessKey: 'not-the-secret' }));
    const error = await storage
      .put('2026/03/bad.jpg', Buffer.from('x'), 'image/jpeg')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3Error);
    expect(error).toMatchObject({ code: 'SignatureDoesNotMatch', status: 403 });
    expect((error as Error).message).toMatch(/SignatureDoesNotMatch \(403\)/);
    expect(s3.objects.has('2026/03/bad.jpg')).toBe(false);
    await expect(storage.read('2026/03/bad.jpg')).rejects.toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
    const unknownKey = createS3Storage(configFor({ accessKeyId: 'AKIAUNKNOWN' }));
    await expect(unknownKey.read('a.jpg')).rejects.toMatchObject({ code: 'InvalidAccessKeyId' });
    const wrongRegion = createS3Storage(configFor({ region: 'cn-north-1' }));
    await expect(wrongRegion.read('a.jpg')).rejects.toMatchObject({
      code: 'AuthorizationHeaderMalformed',
    });
  });

  it('maps server errors and unreachable endpoints to errors with a code', async () => {
    const storage = createS3Storage(configFor());
    s3.failNext = { status: 503, code: 'SlowDown', message: 'Please reduce your request rate.' };
    await expect(storage.put('k.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({
      code: 'SlowDown',
      status: 503,
    });
    const other = createS3Storage(configFor({ bucket: 'someone-else' }));
    await expect(other.read('k.jpg')).rejects.toMatchObject({ code: 'NoSuchBucket', status: 404 });
    const down = createS3Storage(configFor({ endpoint: 'http://127.0.0.1:9' }));
    await expect(down.read('k.jpg')).rejects.toMatchObject({ code: 'NetworkError' });
  });

  it('presigned GET URLs read the object until they expire, and only for that object', async () => {
    let clock = new Date();
    const storage = createS3Storage(configFor({ now: () => clock }));
    await storage.put('2026/03/p.webp', Buffer.from('presigned bytes'), 'image/webp');
    const url = storage.presignedUrl('2026/03/p.webp', 300);
    expect(url).toMatch(/X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=/);
    expect(url).toMatch(
      /&X-Amz-Expires=300&X-Amz-SignedHeaders=host&X-Amz-Signature=[0-9a-f]{64}$/,
    );
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('presigned bytes');
    expect(s3.requests.at(-1)?.auth).toBe('presigned');

    const tampered = await fetch(url.replace('p.webp', 'q.webp'));
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain('<Code>SignatureDoesNotMatch</Code>');

    clock = new Date(Date.now() - 301_000);
    const expired = await fetch(storage.presignedUrl('2026/03/p.webp', 300));
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
  });

  it('builds virtual-hosted URLs when path style is off, keeping a base path', () => {
    const storage = createS3Storage(
      configFor({
        endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
        bucket: 'huijing',
        forcePathStyle: false,
        region: 'oss-cn-hangzhou',
      }),
    );
    expect(storage.presignedUrl('2026/03/a.jpg', 60)).toMatch(
      /^https:\/\/huijing\.oss-cn-hangzhou\.aliyuncs\.com\/2026\/03\/a\.jpg\?X-Amz-Algorithm=/,
    );
    const gateway = createS3Storage(configFor({ endpoint: 'https://gw.example.com/s3/' }));
    expect(gateway.presignedUrl('a.jpg', 60)).toMatch(
      new RegExp(`^https://gw\\.example\\.com/s3/${s3.bucket}/a\\.jpg\\?`),
    );
  });
});

describeEachDatabase('uploads through the API with the s3 storage driver', (target) => {
  let s3: S3Double;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Double();
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
    const keys = [...s3.objects.keys()];
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^uploads\/\d{4}\/\d{2}\/.+\.jpg$/);
    // Nothing landed on local disk.
    await expect(fs.access(path.join(t.dataDir, 'files'))).rejects.toThrow();

    const stored = s3.objects.get(keys[0]!)!;
    const gets = s3.requests.filter((r) => r.method === 'GET').length;
    const res = await t.app.inject({ method: 'GET', url: up.url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(stored.body)).toBe(true);
    expect(s3.requests.filter((r) => r.method === 'GET').length).toBe(gets + 1);

    const thumb = await t.app.inject({ method: 'GET', url: up.thumbUrl });
    expect(thumb.statusCode, thumb.body).toBe(200);

    const bare = `/api/files/${up.fileId}`;
    expectError(
      await t.app.inject({ method: 'GET', url: bare, headers: { satoken: b.token } }),
      'FILE_NOT_FOUND',
    );
    const own = await t.app.inject({ method: 'GET', url: bare, headers: { satoken: a.token } });
    expect(own.rawPayload.equals(stored.body)).toBe(true);
    expect(s3.requests.every((r) => r.auth === 'header' && r.status < 300)).toBe(true);
  });
});
