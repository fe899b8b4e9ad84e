import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, smsLogin } from '../../../test/helper';
import type { TestApp } from '../../../test/helper';
import { buildTaskApp, fakeEngine, upload, waitUntil } from '../../../test/task-fixtures';
import { isFlagged } from './nsfw-check';

const ROOT = { username: 'root', password: 'root-password-2026' };

/** Publishes one finished to-line task through the real endpoints; answers the publish data. */
const publishOne = async (t: TestApp, token: string, title: string) => {
  const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { satoken: token }, ...(payload && { payload }) });
  const img = (await upload(t, token)).fileId;
  const started = await call('POST', '/api/ai/startTask', {
    toolId: 'to-line',
    inputs: { upload_img: img },
  });
  const taskId = (started.json().data as { taskId: string }).taskId;
  await waitUntil(async () => {
    const r = await call('GET', `/api/ai/getTaskByTaskId?taskId=${taskId}`);
    return (r.json().data as { status: string }).status === 'succeeded';
  });
  const res = await call('POST', '/api/image/publish', { taskId, title });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; status: string; statusMessage: string };
};

describe('gallery moderation: the nsfwjs check at publish and the review queue', () => {
  it('flags explicit classes only', () => {
    expect(isFlagged({ Drawing: 0.9, Neutral: 0.1 })).toBe(false);
    expect(isFlagged({ Porn: 0.6 })).toBe(true);
    expect(isFlagged({ Sexy: 0.65, Neutral: 0.35 })).toBe(false);
    expect(isFlagged({ Hentai: 0.51 })).toBe(true);
  });

  describe('with the real model', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTaskApp({ startWorker: true, engines: [fakeEngine()] });
    });
    afterAll(() => t.close());

    it('a plain picture is checked off the event loop and published with its scores kept', async () => {
      const owner = await smsLogin(t);
      // The event loop stays free while the model loads and runs in its worker thread.
      let ticks = 0;
      const timer = setInterval(() => ticks++, 50);
      const r = await publishOne(t, owner.token, '检测');
      clearInterval(timer);
      expect(r.status).toBe('published');
      expect(ticks).toBeGreaterThan(5);
      const row = await t.container.database.db
        .selectFrom('gallery_images')
        .select('nsfw')
        .where('id', '=', r.id)
        .executeTakeFirstOrThrow();
      const scores = JSON.parse(row.nsfw!) as Record<string, number>;
      expect(Object.keys(scores).sort()).toEqual(['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy']);
      const sum = Object.values(scores).reduce((a, b) => a + b, 0);
      expect(sum).toBeGreaterThan(0.98);
    }, 180_000);
  });

  describe('when the check cannot finish', () => {
    let t: TestApp;
    let admin: string;
    beforeAll(async () => {
      t = await buildTaskApp({
        startWorker: true,
        engines: [fakeEngine()],
        // The model cannot load in one second: every check times out.
        env: {
          GALLERY_NSFW_TIMEOUT_MS: '1000',
          ADMIN_USERNAME: ROOT.username,
          ADMIN_PASSWORD: ROOT.password,
        },
      });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/user/manage/login',
        payload: ROOT,
      });
      admin = (login.json().data as { token: string }).token;
    });
    afterAll(() => t.close());

    it('the picture waits for review (fail closed); an admin approves or hides it with a reason', async () => {
      const owner = await smsLogin(t);
      const r = await publishOne(t, owner.token, '等待审核');
      expect(r.status).toBe('pending_review');
      expect(r.statusMessage).toContain('审核');
      const square = await t.app.inject({ method: 'GET', url: '/api/image/waterfall/page' });
      expect((square.json().data as { total: number }).total).toBe(0);
      const publishedAt = async () =>
        (
          await t.container.database.db
            .selectFrom('gallery_images')
            .select('published_at')
            .where('id', '=', r.id)
            .executeTakeFirstOrThrow()
        ).published_at;
      // Not public yet: no published-at time (the admin summary counts published pictures by it).
      expect(await publishedAt()).toBeNull();

      const admin$ = (
        method: 'GET' | 'POST',
        url: string,
        token: string | undefined,
        payload?: object,
      ) =>
        t.app.inject({
          method,
          url: `/api/user/manage/gallery${url}`,
          headers: token ? { satoken: token } : {},
          ...(payload && { payload }),
        });
      expectError(await admin$('GET', '/review', owner.token), 'FORBIDDEN');
      expectError(await admin$('GET', '/review', undefined), 'UNAUTHORIZED');
      const queue = (await admin$('GET', '/review', admin)).json().data as {
        list: { id: string; status: string }[];
        total: number;
      };
      expect(queue.list.map((i) => i.id)).toEqual([r.id]);

      const hide = await admin$('POST', `/review/${r.id}`, admin, {
        action: 'hide',
        reason: '画质过低',
      });
      expect(hide.statusCode, hide.body).toBe(200);
      const mine = await t.app.inject({
        method: 'GET',
        url: '/api/image/waterfall/page?scope=mine',
        headers: { satoken: owner.token },
      });
      expect(
        (mine.json().data as { list: { statusMessage: string }[] }).list[0]!.statusMessage,
      ).toBe('未通过审核，已从灵感广场隐藏（画质过低）');

      expect(
        (await admin$('POST', `/review/${r.id}`, admin, { action: 'approve' })).statusCode,
      ).toBe(200);
      const firstPublished = await publishedAt();
      expect(firstPublished).toMatch(/^\d{4}-\d\d-\d\dT/);
      const after = await t.app.inject({ method: 'GET', url: '/api/image/waterfall/page' });
      const list = (after.json().data as { list: { id: string; url: string }[] }).list;
      expect(list.map((i) => i.id)).toEqual([r.id]);
      expect((await t.app.inject({ method: 'GET', url: list[0]!.url })).statusCode).toBe(200);
      // Every admin action is in the audit log, with the reason and the states.
      const audit = await t.container.database.db
        .selectFrom('admin_audit_log')
        .select(['action', 'target', 'reason', 'actor_username'])
        .where('action', 'like', 'gallery.%')
        .orderBy('at', 'asc')
        .limit(2)
        .execute();
      expect(audit).toEqual([
        {
          action: 'gallery.hide',
          target: `gallery_image:${r.id}`,
          reason: '画质过低',
          actor_username: ROOT.username,
        },
        {
          action: 'gallery.approve',
          target: `gallery_image:${r.id}`,
          reason: null,
          actor_username: ROOT.username,
        },
      ]);
      // Hidden and approved again: the first publication time stays.
      await admin$('POST', `/review/${r.id}`, admin, { action: 'hide', reason: '复查' });
      await admin$('POST', `/review/${r.id}`, admin, { action: 'approve' });
      expect(await publishedAt()).toBe(firstPublished);
      expectError(
        await admin$('POST', '/review/nope', admin, { action: 'approve' }),
        'GALLERY_NOT_FOUND',
      );
    });
  });
});
