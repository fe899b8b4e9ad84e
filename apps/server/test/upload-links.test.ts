import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDatabase, expectError, fakeClock, smsLogin } from './helper';
import type { FakeClock, TestApp } from './helper';
import { jpeg, upload } from './task-fixtures';

type Link = { fileId: string; url: string; thumbUrl: string | null };

describeEachDatabase('fresh links for saved inputs (POST /api/upload/links)', (target) => {
  let t: TestApp;
  let clock: FakeClock;
  let a: { token: string };
  let b: { token: string };
  beforeAll(async () => {
    clock = fakeClock();
    t = await buildTestApp({ target, role: 'api', now: clock.now });
    a = await smsLogin(t);
    b = await smsLogin(t);
  });
  afterAll(() => t.close());

  const links = (token: string | undefined, fileIds: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/upload/links',
      payload: { fileIds },
      headers: token ? { satoken: token } : {},
    });
  const linksOf = async (token: string, fileIds: string[]): Promise<Link[]> => {
    const res = await links(token, fileIds);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { links: Link[] } }).data.links;
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('needs a session and a bounded, non-empty list', async () => {
    expectError(await links(undefined, ['x']), 'UNAUTHORIZED');
    expect((await links(a.token, [])).statusCode).toBe(400);
    const tooMany = Array.from({ length: 51 }, (_, i) => `id${i}`);
    expect((await links(a.token, tooMany)).statusCode).toBe(400);
  });

  it('replaces links that expired while the page sat in local storage', async () => {
    const first = await upload(t, a.token, await jpeg(64, 48));
    const second = await upload(t, a.token, await jpeg(32, 32));
    expect((await get(first.url)).statusCode).toBe(200);

    // Three hours later the saved links answer 404 (a plain <img> carries no session).
    clock.advance(3 * 3_600_000);
    expectError(await get(first.url), 'FILE_NOT_FOUND');
    expectError(await get(first.thumbUrl), 'FILE_NOT_FOUND');

    const fresh = await linksOf(a.token, [second.fileId, first.fileId, first.fileId]);
    expect(fresh.map((l) => l.fileId)).toEqual([second.fileId, first.fileId]);
    const mine = fresh.find((l) => l.fileId === first.fileId)!;
    expect(mine.url).not.toBe(first.url);
    expect((await get(mine.url)).statusCode).toBe(200);
    expect((await get(mine.thumbUrl!)).statusCode).toBe(200);
  });

  it("gives nothing for another user's files or unknown ids", async () => {
    const theirs = await upload(t, a.token, await jpeg(40, 40));
    expect(await linksOf(b.token, [theirs.fileId, 'no-such-file'])).toEqual([]);
    const own = await upload(t, b.token, await jpeg(40, 40));
    const mixed = await linksOf(b.token, [theirs.fileId, own.fileId]);
    expect(mixed.map((l) => l.fileId)).toEqual([own.fileId]);
  });
});
