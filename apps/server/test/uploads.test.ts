import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectError, buildTestApp, describeEachDatabase, smsLogin } from './helper';
import type { TestApp } from './helper';
import { bombPng, jpeg, multipartBody, png, svg, upload } from './task-fixtures';

describeEachDatabase('uploads and files', (target) => {
  let t: TestApp;
  let a: { token: string };
  let b: { token: string };
  beforeAll(async () => {
    t = await buildTestApp({ target, role: 'api' });
    a = await smsLogin(t);
    b = await smsLogin(t);
  });
  afterAll(() => t.close());

  const post = (token: string | undefined, file: Buffer, name = 'x.png', mime = 'image/png') => {
    const body = multipartBody(file, name, mime);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, ...(token && { satoken: token }) },
    });
  };

  it('needs a session', async () => {
    expectError(await post(undefined, await jpeg()), 'UNAUTHORIZED');
  });

  it('stores a JPEG re-encoded without EXIF and serves it to its owner by signed URL', async () => {
    const original = await jpeg(64, 48, true);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const up = await upload(t, a.token, original);
    expect(up).toMatchObject({ width: 64, height: 48, resized: false });
    const res = await t.app.inject({ method: 'GET', url: up.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(res.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('keeps alpha as PNG and accepts data URLs', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { satoken: a.token },
      payload: { image: `data:image/png;base64,${(await png()).toString('base64')}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: res.json().data.url });
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('redraws an image over 4000 px at 1024 px on the longer side and says so', async () => {
    const body = multipartBody(await jpeg(4500, 300));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, satoken: a.token },
    });
    expect(res.json()).toMatchObject({
      message: '图片尺寸过大，已自动压缩',
      data: { width: 1024, height: 68, resized: true },
    });
    const exact = await upload(t, a.token, await jpeg(4000, 100));
    expect(exact).toMatchObject({ width: 4000, resized: false });
  });

  it('refuses a 1-gigapixel PNG bomb from its header, quickly and without decoding', async () => {
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(2000);
    const before = process.memoryUsage().rss;
    const res = await post(a.token, bomb);
    const body = expectError(res, 'UPLOAD_TOO_LARGE');
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
    // A decoded gigapixel would need 3 GB; the header check needs nothing noticeable.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses SVG, HTML, GIF and mislabelled files by their bytes', async () => {
    expectError(await post(a.token, svg, 'a.svg', 'image/svg+xml'), 'UPLOAD_TYPE');
    expectError(await post(a.token, svg, 'a.png', 'image/png'), 'UPLOAD_TYPE');
    expectError(await post(a.token, Buffer.from('<html><body>x</body></html>')), 'UPLOAD_TYPE');
    expectError(await post(a.token, Buffer.from('GIF89a\x01\x00\x01\x00')), 'UPLOAD_TYPE');
    const broken = Buffer.concat([(await jpeg()).subarray(0, 20)]);
    expectError(await post(a.token, broken), 'UPLOAD_INVALID');
  });

  it('serves thumbnails as WebP or JPEG by Accept', async () => {
    const up = await upload(t, a.token, await jpeg(800, 600));
    const webp = await t.app.inject({
      method: 'GET',
      url: up.thumbUrl,
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toMatch(/Accept/);
    expect((await sharp(webp.rawPayload).metadata()).width).toBe(320);
    const jpg = await t.app.inject({ method: 'GET', url: up.thumbUrl, headers: { accept: '*/*' } });
    expect(jpg.headers['content-type']).toBe('image/jpeg');
    // Cached: the second answer is the same bytes.
    const again = await t.app.inject({
      method: 'GET',
      url: up.thumbUrl,
      headers: { accept: '*/*' },
    });
    expect(again.rawPayload.equals(jpg.rawPayload)).toBe(true);
  });

  it('answers 404, not 500, when a file row outlives its stored bytes', async () => {
    const up = await upload(t, a.token, await jpeg());
    await t.container.storage.delete(
      (
        await t.container.files.ownedFiles(
          (
            await t.container.database.db
              .selectFrom('files')
              .select('user_id')
              .where('id', '=', up.fileId)
              .executeTakeFirstOrThrow()
          ).user_id,
          [up.fileId],
        )
      )[0]!.storageKey,
    );
    expectError(await t.app.inject({ method: 'GET', url: up.url }), 'FILE_NOT_FOUND');
    expectError(await t.app.inject({ method: 'GET', url: up.thumbUrl }), 'FILE_NOT_FOUND');
  });

  it("user B gets 404 for user A's file without a valid signature; forged and expired ones too", async () => {
    const up = await upload(t, a.token, await jpeg());
    const id = up.fileId;
    const bare = `/api/files/${id}`;
    expectError(
      await t.app.inject({ method: 'GET', url: bare, headers: { satoken: b.token } }),
      'FILE_NOT_FOUND',
    );
    expectError(
      await t.app.inject({ method: 'GET', url: `${bare}/thumb`, headers: { satoken: b.token } }),
      'FILE_NOT_FOUND',
    );
    const forged = up.url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expectError(await t.app.inject({ method: 'GET', url: forged }), 'FILE_NOT_FOUND');
    const exp = Number(new URL(up.url, 'http://x').searchParams.get('exp'));
    const moved = up.url.replace(`exp=${exp}`, `exp=${exp + 3_600_000}`);
    expectError(await t.app.inject({ method: 'GET', url: moved }), 'FILE_NOT_FOUND');
    const expired = up.url.replace(`exp=${exp}`, 'exp=1000');
    expectError(await t.app.inject({ method: 'GET', url: expired }), 'FILE_NOT_FOUND');
    // The owner's own session reads it without a signature.
    const own = await t.app.inject({ method: 'GET', url: bare, headers: { satoken: a.token } });
    expect(own.statusCode).toBe(200);
  });
});
