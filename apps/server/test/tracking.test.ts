import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAY } from '../src/config/clock';
import {
  adminToken as loginAdmin,
  rootAdminEnv,
  buildTestApp,
  describeEachDatabase,
  expectError,
  fakeClock,
  smsLogin,
} from './helper';
import type { FakeClock, TestApp } from './helper';
import { upload } from './task-fixtures';

describeEachDatabase('page views, events and hot words', (target) => {
  let t: TestApp;
  let clock: FakeClock;
  let adminToken: string;
  beforeAll(async () => {
    clock = fakeClock();
    t = await buildTestApp({
      target,
      now: clock.now,
      env: rootAdminEnv,
    });
    adminToken = await loginAdmin(t);
  });
  afterAll(() => t.close());

  /** As navigator.sendBeacon sends it: a text/plain JSON string. */
  const beacon = (body: object, ip = '10.9.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/track',
      payload: JSON.stringify(body),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      remoteAddress: ip,
    });
  const events = () => t.container.database.db.selectFrom('track_events').selectAll().execute();

  it('stores a beacon batch with its labels, the device id and the user of a valid token', async () => {
    const { token, user } = await smsLogin(t);
    const res = await beacon({
      deviceId: 'device-abc-123456',
      token,
      events: [
        { kind: 'page_view', label: 'helpCenter', path: '/qaPage?x=1#image-3' },
        { kind: 'tool_open', label: 'unknown', path: '/indoorRender', tool: 'indoor-render' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.accepted).toBe(2);
    const rows = await events();
    const view = rows.find((r) => r.label === 'helpCenter');
    expect(view).toMatchObject({
      kind: 'page_view',
      path: '/qaPage',
      user_id: user.id,
      device_id: 'device-abc-123456',
    });
    // A forged or ended token never attributes events to anyone.
    await beacon({
      token: 'hju_forged',
      events: [{ kind: 'page_view', label: 'home', path: '/' }],
    });
    expect((await events()).find((r) => r.label === 'home')?.user_id).toBeNull();
  });

  it('refuses malformed batches with 4xx, never 5xx', async () => {
    expect((await beacon({ events: [] })).statusCode).toBe(400);
    expect((await beacon({ events: [{ kind: 'nope', label: 'x', path: '/' }] })).statusCode).toBe(
      400,
    );
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/track',
      payload: '{not json',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('limits one address to 60 batches a minute', async () => {
    const ip = '10.9.9.9';
    const batch = { events: [{ kind: 'page_view', label: 'discover', path: '/findPage' }] };
    for (let i = 0; i < 60; i++) expect((await beacon(batch, ip)).statusCode).toBe(200);
    expectError(await beacon(batch, ip), 'TRACK_TOO_FREQUENT');
  });

  it('ranks hot words by distinct searchers over 7 days, pinned words first', async () => {
    const search = (keyword: string, deviceId: string, scope = 'tools') =>
      beacon(
        { deviceId, events: [{ kind: 'search', label: 'unknown', path: '/list', keyword, scope }] },
        `10.8.${deviceId.length}.${keyword.length}`,
      );
    for (const d of ['dev-a-000001', 'dev-b-000002', 'dev-c-000003']) await search('渲染', d);
    for (const d of ['dev-a-000001', 'dev-b-000002']) await search('抠图', d);
    // One person searching many times counts once.
    for (let i = 0; i < 5; i++) await search('放大', 'dev-a-000001');
    // A phone number is never a hot word.
    await search('13800001111', 'dev-d-000004');
    await search('新中式', 'dev-e-000005', 'gallery');

    const hot = async (scope: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/search/hotWords?scope=${scope}` })).json()
        .data.words as string[];
    expect(await hot('tools')).toEqual(['渲染', '抠图', '放大']);
    expect(await hot('gallery')).toEqual(['新中式']);

    const pin = await t.app.inject({
      method: 'POST',
      url: '/api/user/manage/search/pinned',
      headers: { satoken: adminToken },
      payload: { tools: ['局部重绘', '抠图'], gallery: [] },
    });
    expect(pin.statusCode, pin.body).toBe(200);
    expect(await hot('tools')).toEqual(['局部重绘', '抠图', '渲染', '放大']);

    clock.advance(8 * DAY);
    expect(await hot('tools')).toEqual(['局部重绘', '抠图']);
    clock.advance(-8 * DAY);
  });

  it('summarises page views, visitors and the per-tool funnel for admins only', async () => {
    const tool = 'clean';
    const ev = (kind: string) => ({ kind, label: 'unknown', path: '/clean', tool });
    await beacon({ deviceId: 'funnel-device-1', events: [ev('tool_open'), ev('download')] });
    await beacon({ deviceId: 'funnel-device-2', events: [ev('tool_open')] });
    // Started and finished come from the task rows, whatever the browsers sent.
    await beacon({ deviceId: 'funnel-device-3', events: [ev('task_start'), ev('task_result')] });
    const { user } = await smsLogin(t);
    const at = clock.now().toISOString();
    const task = (id: string, status: 'succeeded' | 'failed', seq: number) => ({
      id,
      seq,
      user_id: user.id,
      tool_id: tool,
      family: 'edit',
      capability: 'inpaint',
      engine: 'local',
      status,
      params: '{}',
      inputs: '{}',
      error: null,
      ticket_type: 1,
      price: 0,
      tickets_state: 'none' as const,
      worker_id: null,
      lease_until: null,
      created_at: at,
      started_at: at,
      finished_at: at,
      updated_at: at,
    });
    await t.container.database.db
      .insertInto('tasks')
      .values([task('funnel-task-1', 'succeeded', 900001), task('funnel-task-2', 'failed', 900002)])
      .execute();
    await beacon({
      deviceId: 'funnel-device-2',
      events: [{ kind: 'page_view', label: 'helpCenter', path: '/qaPage' }],
    });

    expectError(
      await t.app.inject({ method: 'GET', url: '/api/user/manage/track/summary' }),
      'UNAUTHORIZED',
    );
    const { token } = await smsLogin(t);
    expectError(
      await t.app.inject({
        method: 'GET',
        url: '/api/user/manage/track/summary',
        headers: { satoken: token },
      }),
      'FORBIDDEN',
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/manage/track/summary?days=7',
      headers: { satoken: adminToken },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      pages: { label: string; views: number; visitors: number }[];
      funnel: {
        tool: string;
        opened: number;
        started: number;
        results: number;
        downloads: number;
      }[];
    };
    expect(data.funnel.find((f) => f.tool === tool)).toEqual({
      tool,
      opened: 2,
      started: 2,
      results: 1,
      downloads: 1,
    });
    const help = data.pages.find((p) => p.label === 'helpCenter');
    expect(help).toEqual({ label: 'helpCenter', views: 2, visitors: 2 });
    const events = (res.json().data as { events: { kind: string; count: number }[] }).events;
    expect(events.find((e) => e.kind === 'tool_open')?.count).toBeGreaterThanOrEqual(2);
    expect(events).toContainEqual({ kind: 'order_paid', count: 0 });
    expect(events).toContainEqual({ kind: 'picture_published', count: 0 });
  });

  it('prunes events after 180 days', async () => {
    const before = (await events()).length;
    expect(before).toBeGreaterThan(0);
    const tracking = t.container.features.find((f) => f.name === 'tracking')!.services as {
      prune: () => Promise<number>;
    };
    clock.advance(179 * DAY);
    expect(await tracking.prune()).toBe(0);
    clock.advance(2 * DAY);
    expect(await tracking.prune()).toBe(before);
    expect(await events()).toHaveLength(0);
  });

  it('counts pictures published in the range from the gallery, once each, not those still in review', async () => {
    const author = await smsLogin(t);
    const { fileId } = await upload(t, author.token);
    const picture = (id: string, publishedAt: string | null) => ({
      id,
      user_id: author.user.id,
      task_id: `task-${id}`,
      output_index: 0,
      file_id: fileId,
      before_file_id: null,
      width: 10,
      height: 10,
      placeholder: '',
      title: id,
      tool_id: 'indoorRender',
      search_text: id,
      status: publishedAt ? ('published' as const) : ('pending_review' as const),
      status_reason: null,
      published_at: publishedAt,
      case_id: null,
      nsfw: null,
      hot_base: 0,
      hot_score: 0,
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    });
    const at = clock.now().getTime();
    await t.container.database.db
      .insertInto('gallery_images')
      .values([
        picture('pub-today', new Date(at - 1000).toISOString()),
        picture('pub-3-days', new Date(at - 3 * DAY).toISOString()),
        picture('pub-old', new Date(at - 30 * DAY).toISOString()),
        picture('in-review', null),
      ])
      .execute();
    // The earlier tests moved the clock past the first admin session.
    const admin = await loginAdmin(t);
    const summary = async (days: number) => {
      const res = await t.app.inject({
        url: `/api/user/manage/track/summary?days=${days}`,
        headers: { satoken: admin },
      });
      expect(res.statusCode, res.body).toBe(200);
      const found = (res.json().data as { events: { kind: string; count: number }[] }).events;
      return found.find((e) => e.kind === 'picture_published')?.count;
    };
    expect(await summary(1)).toBe(1);
    expect(await summary(7)).toBe(2);
    expect(await summary(90)).toBe(3);
  });
});
