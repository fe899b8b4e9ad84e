import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { moduleServices } from '../src/modules/feature-module';
import type { OrdersModuleServices } from '../src/modules/orders/orders.module';
import { buildTestApp, describeEachDatabase, smsLogin } from './helper';
import type { TestApp } from './helper';
import { upload } from './task-fixtures';
import { ROOT, adminLogin, createAdmin, manageCall, rootEnv } from './admin-fixtures';

const ADMIN_PREFIX = '/api/user/manage';
const reason = '审计巡检';

type Call = { url: string; body?: object };
/** Sets up what the route acts on and returns a valid call (url under the prefix, body). */
type Prepare = (t: TestApp, ctx: Ctx) => Promise<Call>;
type Ctx = { root: string; orders: OrdersModuleServices };

let seq = 0;
const unique = (s: string) => `${s}-${process.pid % 1000}-${++seq}`;

const userOf = async (t: TestApp) => (await smsLogin(t)).user.id;

/** A user's paid order (sandbox, settled), or one only the provider knows was paid. */
const order = async (t: TestApp, ctx: Ctx, settled: boolean) => {
  const buyer = await smsLogin(t);
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/order/createOrder?productId=pack-100',
    headers: { satoken: buyer.token },
  });
  expect(res.statusCode, res.body).toBe(200);
  const orderNo = res.json().data.orderNo as string;
  if (settled) {
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/pay',
      headers: { satoken: buyer.token },
      payload: { orderNo },
    });
    expect(paid.json().data.status).toBe('paid');
  } else {
    (ctx.orders.providers.sandbox as unknown as { pay: (no: string) => unknown }).pay(orderNo);
  }
  return orderNo;
};

const galleryImage = async (t: TestApp) => {
  const author = await smsLogin(t);
  const { fileId } = await upload(t, author.token);
  const id = unique('audit-pic');
  const at = new Date().toISOString();
  await t.container.database.db
    .insertInto('gallery_images')
    .values({
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
      status: 'pending_review',
      status_reason: null,
      published_at: null,
      case_id: null,
      nsfw: null,
      hot_base: 0,
      hot_score: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
};

const modelInReview = async (t: TestApp) => {
  const id = unique('audit-model');
  const at = new Date().toISOString();
  // A model is read with its training run: any task of the owner's stands in for it.
  const task = await queuedTask(t);
  await t.container.database.db
    .insertInto('models')
    .values({
      id,
      user_id: task.userId,
      name: '审计模型',
      domain: 'interior',
      trigger_word: 'hjaudit',
      task_id: task.taskId,
      dataset: '[]',
      steps: 100,
      rank: 8,
      learning_rate: 0.0001,
      checkpoint: 'base',
      price: 1,
      ticket_type: 1,
      sample_file_ids: '[]',
      review: 'pending',
      use_count: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
};

const canceledTask = async (t: TestApp, ctx: Ctx) => {
  const url = `/task/${(await queuedTask(t)).taskId}/cancel`;
  const res = await manageCall(t)('POST', url, ctx.root, { reason });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
};

const queuedTask = async (t: TestApp) => {
  const user = await smsLogin(t);
  const img = await upload(t, user.token);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ai/startTask',
    headers: { satoken: user.token },
    payload: { toolId: 'to-line', upload_img: img.fileId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { taskId: res.json().data.taskId as string, userId: user.user.id };
};

/**
 * Every admin write route (method and path as registered) with a valid call. A route missing
 * here fails the walk: add the new route with a body that succeeds.
 */
const calls: Record<string, Prepare> = {
  'POST /login': async () => ({ url: '/login', body: ROOT }),
  'POST /account': async () => ({
    url: '/account',
    body: {
      username: unique('auditadmin'),
      password: 'password-long-enough-1',
      displayName: '巡检',
      role: 'operator',
    },
  }),
  'POST /account/:accountId': async (t, ctx) => ({
    url: `/account/${(await createAdmin(t, ctx.root, 'operator')).id}`,
    body: { displayName: '改名' },
  }),
  'DELETE /account/:accountId': async (t, ctx) => ({
    url: `/account/${(await createAdmin(t, ctx.root, 'operator')).id}`,
  }),
  'POST /catalog/category': async (t) => {
    const group = await t.container.database.db
      .selectFrom('categories')
      .select('id')
      .where('level', '=', 1)
      .orderBy('sort')
      .executeTakeFirstOrThrow();
    return { url: '/catalog/category', body: { parentId: group.id, name: '巡检分类' } };
  },
  'POST /catalog/category/:id': async (t) => {
    const first = await t.container.database.db
      .selectFrom('categories')
      .select('id')
      .where('level', '=', 2)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return { url: `/catalog/category/${first.id}`, body: { name: '改名分类' } };
  },
  'POST /catalog/material': async () => ({
    url: '/catalog/material',
    body: { name: '巡检材质', category: 'floor', color: '#aa8855', pattern: 'plain' },
  }),
  'POST /catalog/material/:id': async (t) => {
    const first = await t.container.database.db
      .selectFrom('materials')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return { url: `/catalog/material/${first.id}`, body: { name: '改名材质' } };
  },
  'POST /client/downloads': async () => ({
    url: '/client/downloads',
    body: { releases: [{ platform: 'windows', version: '1.0.0', url: '/downloads/a.exe' }] },
  }),
  'POST /gallery/review/:id': async (t) => ({
    url: `/gallery/review/${await galleryImage(t)}`,
    body: { action: 'approve' },
  }),
  'DELETE /gallery/image/:id': async (t) => ({ url: `/gallery/image/${await galleryImage(t)}` }),
  'POST /models/:id/review': async (t) => ({
    url: `/models/${await modelInReview(t)}/review`,
    body: { decision: 'approve' },
  }),
  'POST /samples/regenerate': async () => ({
    url: '/samples/regenerate',
    body: { ids: ['no-such-sample'], reason },
  }),
  'POST /search/pinned': async () => ({
    url: '/search/pinned',
    body: { tools: ['客厅'], gallery: ['北欧'] },
  }),
  'POST /support/info': async (t) => {
    const current = await t.app.inject({ url: '/api/support/info' });
    return { url: '/support/info', body: current.json().data as object };
  },
  'POST /feedback/:id/answer': async (t) => {
    const user = await smsLogin(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/feedback',
      headers: { satoken: user.token },
      payload: { category: 'other', text: '页面打不开了，请看看' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { url: `/feedback/${res.json().data.id}/answer`, body: { answer: '已处理' } };
  },
  'POST /user/:id/tickets': async (t) => ({
    url: `/user/${await userOf(t)}/tickets`,
    body: { type: 1, delta: 3, reason },
  }),
  'POST /user/:id/disable': async (t) => ({
    url: `/user/${await userOf(t)}/disable`,
    body: { disabled: true, reason },
  }),
  'POST /user/:id/vip': async (t) => ({
    url: `/user/${await userOf(t)}/vip`,
    body: { tier: 'vip', days: 1, reason },
  }),
  'POST /task/:id/cancel': async (t) => ({
    url: `/task/${(await queuedTask(t)).taskId}/cancel`,
    body: { reason },
  }),
  'POST /task/:id/retry': async (t, ctx) => ({
    url: `/task/${await canceledTask(t, ctx)}/retry`,
    body: { reason },
  }),
  'POST /engines/switch': async () => ({
    url: '/engines/switch',
    body: { kind: 'tool', id: 'to-line', outOfService: false, reason },
  }),
  'POST /engines/:id/test': async () => ({ url: '/engines/local/test', body: { reason } }),
  'POST /settings/:key': async () => ({
    url: '/settings/operatorTicketLimit',
    body: { value: 100, reason },
  }),
  'POST /order/:orderNo/refund': async (t, ctx) => ({
    url: `/order/${await order(t, ctx, true)}/refund`,
    body: { reason },
  }),
  'POST /order/:orderNo/settle': async (t, ctx) => ({
    url: `/order/${await order(t, ctx, false)}/settle`,
    body: { reason },
  }),
  'POST /product': async () => ({
    url: '/product',
    body: {
      id: unique('audit-pack'),
      kind: 'tickets',
      name: '巡检',
      priceFen: 100,
      tickets: { 1: 1 },
    },
  }),
  'POST /product/:id': async () => ({ url: '/product/pack-100', body: { sort: 5, reason } }),
};

describeEachDatabase('every admin write is audited', (target) => {
  let t: TestApp;
  let ctx: Ctx;
  const writes: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({
      target,
      env: rootEnv,
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (method === 'GET' || method === 'HEAD') continue;
          if (route.url.startsWith(`${ADMIN_PREFIX}/`)) {
            writes.push(`${method} ${route.url.slice(ADMIN_PREFIX.length)}`);
          }
        }
      },
    });
    const orders = moduleServices<OrdersModuleServices>(
      new Map(t.container.features.map((f) => [f.name, f])),
      'orders',
    )!;
    ctx = { root: await adminLogin(t, ROOT.username, ROOT.password), orders };
  });
  afterAll(() => t.close());

  const auditRows = async () =>
    Number(
      (
        await t.container.database.db
          .selectFrom('admin_audit_log')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('writes an audit row for every successful admin write route', async () => {
    expect(writes.length).toBeGreaterThan(20);
    const missing = writes.filter((w) => !calls[w]);
    expect(missing, 'admin write routes without a call in the table').toEqual([]);
    const call = manageCall(t);
    const failed: string[] = [];
    const unaudited: string[] = [];
    for (const route of writes) {
      const { url, body } = await calls[route]!(t, ctx);
      const before = await auditRows();
      const method = route.split(' ')[0] as 'POST' | 'DELETE';
      const res = await call(method, url, ctx.root, body);
      if (res.statusCode !== 200) failed.push(`${route}: ${res.statusCode} ${res.body}`);
      else if ((await auditRows()) <= before) unaudited.push(route);
    }
    expect(failed, 'calls of the table that did not succeed').toEqual([]);
    expect(unaudited, 'admin write routes that left no audit row').toEqual([]);
  });

  it('leaves no audit row when the change fails, and no change when the audit row fails', async () => {
    const { db } = t.container.database;
    const call = manageCall(t);
    const category = await db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('level', '=', 2)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const rowsFor = () =>
      db
        .selectFrom('admin_audit_log')
        .select('action')
        .where('target', '=', `category:${category.id}`)
        .execute();
    const nameNow = async () =>
      (
        await db
          .selectFrom('categories')
          .select('name')
          .where('id', '=', category.id)
          .executeTakeFirstOrThrow()
      ).name;
    const rename = (name: string) =>
      call('POST', `/catalog/category/${category.id}`, ctx.root, { name });

    // The change's own write fails inside the transaction: no audit row is left behind.
    await refuse(t, target.dialect, 'categories', 'UPDATE', "NEW.name = '拒绝的名字'");
    expect((await rename('拒绝的名字')).statusCode).toBe(500);
    expect(await nameNow()).toBe(category.name);
    expect(await rowsFor()).toEqual([]);

    // The audit insert fails: the rename is rolled back with it.
    await refuse(t, target.dialect, 'admin_audit_log', 'INSERT', "NEW.target LIKE 'category:%'");
    expect((await rename('没有记录的名字')).statusCode).toBe(500);
    expect(await nameNow()).toBe(category.name);
    expect(await rowsFor()).toEqual([]);
  });

  it('rolls back gallery review and removal, task retry, 补单 and a refund request with their audit row', async () => {
    const { db } = t.container.database;
    const call = manageCall(t);
    const refused = [
      'gallery.approve',
      'gallery.unpublish',
      'task.retry',
      'order.settle',
      'order.refund.request',
      'order.refund.repeat',
    ];
    await refuse(
      t,
      target.dialect,
      'admin_audit_log',
      'INSERT',
      `NEW.action IN (${refused.map((a) => `'${a}'`).join(', ')})`,
      'changes',
    );
    const rowsFor = (target: string) =>
      db.selectFrom('admin_audit_log').select('action').where('target', '=', target).execute();
    const imageOf = (id: string) =>
      db.selectFrom('gallery_images').select('status').where('id', '=', id).executeTakeFirst();

    const reviewed = await galleryImage(t);
    const review = await call('POST', `/gallery/review/${reviewed}`, ctx.root, {
      action: 'approve',
    });
    expect(review.statusCode).toBe(500);
    expect(await imageOf(reviewed)).toEqual({ status: 'pending_review' });

    const removed = await galleryImage(t);
    expect((await call('DELETE', `/gallery/image/${removed}`, ctx.root)).statusCode).toBe(500);
    expect(await imageOf(removed)).toEqual({ status: 'pending_review' });

    const canceled = await canceledTask(t, ctx);
    const { user_id: owner } = await db
      .selectFrom('tasks')
      .select('user_id')
      .where('id', '=', canceled)
      .executeTakeFirstOrThrow();
    const tasksOf = async () =>
      (await db.selectFrom('tasks').select('id').where('user_id', '=', owner).execute()).length;
    const ledgerOf = (userId: string) =>
      db.selectFrom('ticket_ledger').select('reason').where('user_id', '=', userId).execute();
    const ledgerBefore = await ledgerOf(owner);
    const retry = await call('POST', `/task/${canceled}/retry`, ctx.root, { reason });
    expect(retry.statusCode).toBe(500);
    expect(await tasksOf()).toBe(1);
    expect(await ledgerOf(owner)).toEqual(ledgerBefore);

    // Paid at the provider only: the settlement's credit is undone with its audit row.
    const lost = await order(t, ctx, false);
    expect((await call('POST', `/order/${lost}/settle`, ctx.root, { reason })).statusCode).toBe(
      500,
    );
    const orderOf = (no: string) =>
      db.selectFrom('orders').select('status').where('order_no', '=', no).executeTakeFirstOrThrow();
    expect((await orderOf(lost)).status).toBe('pending');
    const credits = await db
      .selectFrom('ticket_ledger')
      .select('delta')
      .where('ref', '=', lost)
      .execute();
    expect(credits).toEqual([]);

    const features = (value: object) =>
      call('POST', '/settings/features', ctx.root, { value, reason });
    expect((await features({ refundSecondApprover: true })).statusCode).toBe(200);
    try {
      const paid = await order(t, ctx, true);
      const asked = await call('POST', `/order/${paid}/refund`, ctx.root, { reason });
      expect(asked.statusCode).toBe(500);
      const requests = await db
        .selectFrom('admin_refund_requests')
        .select('order_no')
        .where('order_no', '=', paid)
        .execute();
      expect(requests).toEqual([]);
      expect((await orderOf(paid)).status).toBe('paid');
      expect(await rowsFor(`order:${paid}`)).toEqual([]);
    } finally {
      await features({});
    }

    // A repeat's audit row commits before the provider is asked again: refused, it asks nothing.
    const refunded = await order(t, ctx, true);
    const first = await call('POST', `/order/${refunded}/refund`, ctx.root, { reason });
    expect(first.statusCode, first.body).toBe(200);
    const tradeState = async () =>
      (
        await db
          .selectFrom('sandbox_trades')
          .select('state')
          .where('order_no', '=', refunded)
          .executeTakeFirstOrThrow()
      ).state;
    // As if the provider had not taken the first refund in.
    await db
      .updateTable('sandbox_trades')
      .set({ state: 'paid' })
      .where('order_no', '=', refunded)
      .execute();
    const again = await call('POST', `/order/${refunded}/refund`, ctx.root, { reason });
    expect(again.statusCode).toBe(500);
    expect(await tradeState()).toBe('paid');
    expect((await rowsFor(`order:${refunded}`)).map((r) => r.action)).toEqual(['order.refund']);
    for (const target of [`gallery_image:${reviewed}`, `gallery_image:${removed}`, `order:${lost}`])
      expect(await rowsFor(target)).toEqual([]);
  });
});

/** A trigger that makes one kind of write fail (a database fault in the middle of a change). */
const refuse = async (
  t: TestApp,
  dialect: 'sqlite' | 'postgres',
  table: string,
  op: 'INSERT' | 'UPDATE',
  when: string,
  suffix = '',
) => {
  const { db } = t.container.database;
  const name = `refuse_${table}_${op.toLowerCase()}${suffix && `_${suffix}`}`;
  if (dialect === 'sqlite') {
    await sql
      .raw(
        `CREATE TRIGGER ${name} BEFORE ${op} ON ${table} WHEN ${when}
         BEGIN SELECT RAISE(ABORT, 'refused by test'); END`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN IF ${when} THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN NEW; END $$`,
    )
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER ${name} BEFORE ${op} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`)
    .execute(db);
};
