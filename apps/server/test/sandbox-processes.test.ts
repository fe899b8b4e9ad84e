import fs from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTicketsRepository } from '../src/modules/tickets/tickets.repository';
import { buildTestApp, describeEachDatabase, makeTempDir, smsLogin } from './helper';
import type { TestApp } from './helper';

/**
 * The sandbox channel behind a load balancer: two app instances on one database stand for two
 * API processes. An order created on one is paid on the other, and an order whose process has
 * gone can still be paid.
 */
describeEachDatabase('the payment sandbox across API processes', (target) => {
  let dataDir: string;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    dataDir = await makeTempDir();
    const env = { SIGNUP_TICKETS: '1:0' };
    one = await buildTestApp({ target, env, role: 'api', dataDir });
    two = await buildTestApp({ target, env, role: 'api', dataDir });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const create = async (t: TestApp, token: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/order/createOrder?productId=pack-100',
      headers: { satoken: token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.sandbox).toBe(true);
    return res.json().data.orderNo as string;
  };
  const pay = (t: TestApp, token: string, orderNo: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/pay',
      headers: { satoken: token },
      payload: { orderNo },
    });
  const balance = (userId: string) =>
    createTicketsRepository(two.container.database.db).balanceOf(userId, 1);

  it('an order created on one process is paid on the other, once', async () => {
    const { user, token } = await smsLogin(one);
    const orderNo = await create(one, token);
    const res = await pay(two, token, orderNo);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: '已模拟支付 49.00 元',
      data: { orderNo, status: 'paid' },
    });
    expect(await balance(user.id)).toBe(100);
    // Paying again on the first process changes nothing.
    expect((await pay(one, token, orderNo)).json().data.status).toBe('paid');
    expect(await balance(user.id)).toBe(100);
    const check = await one.app.inject({
      method: 'GET',
      url: `/api/order/checkOrder?orderNo=${orderNo}`,
      headers: { satoken: token },
    });
    expect(check.json().data.status).toBe('paid');
  });

  it('an order whose process has gone can still be paid on another', async () => {
    const { user, token } = await smsLogin(two);
    const orderNo = await create(one, token);
    await one.close();
    one = await buildTestApp({ target, env: { SIGNUP_TICKETS: '1:0' }, role: 'api', dataDir });
    const res = await pay(two, token, orderNo);
    expect(res.json().data.status).toBe('paid');
    expect(await balance(user.id)).toBe(100);
  });
});
