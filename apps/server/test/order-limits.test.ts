import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@huijing/contracts';
import { SECOND } from '../src/config/clock';
import type { AppError } from '../src/http/app-error';
import { moduleServices } from '../src/modules/feature-module';
import { GALLERY_PUBLISHES_PER_MINUTE } from '../src/modules/gallery/gallery.routes';
import type { OrdersModuleServices } from '../src/modules/orders/orders.module';
import {
  ENTERPRISE_CONTACTS_PER_MINUTE,
  ORDER_CREATES_PER_MINUTE,
} from '../src/modules/orders/orders.routes';
import { MAX_PENDING_ORDERS } from '../src/modules/orders/orders.service';
import {
  buildTestApp,
  describeEachDatabase,
  expectError,
  fakeClock,
  makeTempDir,
  smsLogin,
  uniqueIp,
} from './helper';
import type { FakeClock, TestApp } from './helper';

const lead = { company: '某某设计院', contact: '王工', phone: '13800000000' };

/** Endpoints a script could flood: order creation, the enterprise form, gallery publishing. */
describeEachDatabase('order, enterprise form and publishing limits', (target) => {
  let t: TestApp;
  let clock: FakeClock;
  let services: OrdersModuleServices;
  beforeAll(async () => {
    clock = fakeClock();
    t = await buildTestApp({ target, now: clock.now, env: { SIGNUP_TICKETS: '1:0' } });
    services = moduleServices<OrdersModuleServices>(
      new Map(t.container.features.map((f) => [f.name, f])),
      'orders',
    )!;
  });
  afterAll(() => t?.close());

  const pending = async (userId: string) =>
    (
      await t.container.database.db
        .selectFrom('orders')
        .select('order_no')
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .execute()
    ).length;

  it('under 40 parallel custom orders the pending cap holds', async () => {
    const { user } = await smsLogin(t);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        services.orders.createWechat(user.id, 'custom', { '1': 100 + i }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(MAX_PENDING_ORDERS);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as AppError).key).toBe('PENDING_ORDERS_LIMIT');
    }
    expect(await pending(user.id)).toBe(MAX_PENDING_ORDERS);
    // Once they expire the buyer can order again.
    clock.advance(16 * 60 * SECOND);
    await services.orders.createWechat(user.id, 'custom', { '1': 500 });
  });

  it('the cap answers 409 with a Chinese message', async () => {
    const { token } = await smsLogin(t);
    const codes: number[] = [];
    for (let i = 0; i <= MAX_PENDING_ORDERS; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/order/createOrder?productId=custom&quantities=1:${200 + i}`,
        headers: { satoken: token },
      });
      codes.push(res.statusCode);
      if (i === MAX_PENDING_ORDERS) expectError(res, 'PENDING_ORDERS_LIMIT');
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(MAX_PENDING_ORDERS);
  });

  it('order creation is limited per user and minute over all channels', async () => {
    const { token } = await smsLogin(t);
    const open = (call: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/order/${call}?productId=pack-100`,
        headers: { satoken: token },
      });
    // The same purchase again and again: each new order replaces the last, so no cap is hit.
    for (let i = 0; i < ORDER_CREATES_PER_MINUTE; i++) {
      const res = await open(i % 2 ? 'createAliPayOrder' : 'createOrder');
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await open('createOrder');
    expectError(refused, 'ORDER_TOO_FREQUENT');
    expect(refused.json().message).toBe(errorCatalogue.ORDER_TOO_FREQUENT.message);
    expectError(await open('createAliPayOrder'), 'ORDER_TOO_FREQUENT');
    // Another buyer is not affected; the first one may order again a minute later.
    const other = await smsLogin(t);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/order/createOrder?productId=pack-100',
      headers: { satoken: other.token },
    });
    expect(theirs.statusCode).toBe(200);
    clock.advance(61 * SECOND);
    expect((await open('createOrder')).statusCode).toBe(200);
  });

  it('the enterprise form takes a few posts per guest address, then 429', async () => {
    const ip = uniqueIp();
    const send = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/enterpriseContact',
        remoteAddress,
        payload: lead,
      });
    for (let i = 0; i < ENTERPRISE_CONTACTS_PER_MINUTE; i++) {
      expect((await send(ip)).statusCode).toBe(200);
    }
    expectError(await send(ip), 'ENTERPRISE_CONTACT_TOO_FREQUENT');
    expect((await send(uniqueIp())).statusCode).toBe(200);
  });

  it('publishing to the gallery is limited per user and minute (pictures and projects)', async () => {
    const { token } = await smsLogin(t);
    const publish = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: i % 2 ? '/api/image/publish/project' : '/api/image/publish',
        headers: { satoken: token },
        payload:
          i % 2 ? { projectId: 'no-such-project' } : { taskId: 'no-such-task', title: '客厅' },
      });
    for (let i = 0; i < GALLERY_PUBLISHES_PER_MINUTE; i++) {
      const res = await publish(i);
      expect(res.statusCode, res.body).not.toBe(429);
      expect(res.statusCode).toBeLessThan(500);
    }
    expectError(await publish(0), 'GALLERY_PUBLISH_TOO_FREQUENT');
    expectError(await publish(1), 'GALLERY_PUBLISH_TOO_FREQUENT');
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? '';

/** Two API processes on one database and one Redis: the counts are shared, not doubled. */
describe.skipIf(!redisUrl)('order and form limits across API processes (TEST_REDIS_URL)', () => {
  let dataDir: string;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    dataDir = await makeTempDir();
    const env = {
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `test-order-rate-${randomBytes(4).toString('hex')}`,
      RATE_LIMIT_REDIS_TIMEOUT_MS: '5000',
      SIGNUP_TICKETS: '1:0',
    };
    one = await buildTestApp({ env, role: 'api', dataDir });
    two = await buildTestApp({ env, role: 'api', dataDir });
    // Counted only once connected (a count meanwhile is skipped, by design): wait for both.
    await Promise.all(
      [one, two].map(({ container }) => {
        const redis = container.rateLimits.redis!;
        return redis.status === 'ready'
          ? undefined
          : new Promise((resolve) => redis.once('ready', resolve));
      }),
    );
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('order creation and the enterprise form count on both processes together', async () => {
    const { token } = await smsLogin(one);
    const codes: number[] = [];
    for (let i = 0; i <= ORDER_CREATES_PER_MINUTE; i++) {
      const res = await (i % 2 ? two : one).app.inject({
        method: 'GET',
        url: '/api/order/createOrder?productId=pack-100',
        headers: { satoken: token },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, ORDER_CREATES_PER_MINUTE).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1), JSON.stringify(codes)).toBe(429);

    const ip = uniqueIp();
    const sent: number[] = [];
    for (let i = 0; i <= ENTERPRISE_CONTACTS_PER_MINUTE; i++) {
      const res = await (i % 2 ? two : one).app.inject({
        method: 'POST',
        url: '/api/order/enterpriseContact',
        remoteAddress: ip,
        payload: lead,
      });
      sent.push(res.statusCode);
    }
    expect(sent.at(-1), JSON.stringify(sent)).toBe(429);
    expect(sent.filter((c) => c === 200)).toHaveLength(ENTERPRISE_CONTACTS_PER_MINUTE);
  });
});
