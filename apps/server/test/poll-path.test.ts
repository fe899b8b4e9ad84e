import { envelopeSchema, taskInfoSchema } from '@huijing/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDatabase, expectError, smsLogin } from './helper';
import type { TestApp } from './helper';
import { upload } from './task-fixtures';

// The poll path: sessions are cached for a few seconds, so logout and revocation must
// still end them at once; the poll's answer skips the zod serialiser, so it must still be exactly
// what the contract says.
describeEachDatabase('the task poll path', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ target, role: 'api' });
  });
  afterAll(() => t.close());

  const startTask = async (token: string) => {
    const { fileId } = await upload(t, token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      headers: { satoken: token },
      payload: { toolId: 'to-line', upload_img: fileId },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.taskId as string;
  };
  const poll = (token: string, taskId: string) =>
    t.app.inject({ url: `/api/ai/getTaskByTaskId?taskId=${taskId}`, headers: { satoken: token } });

  it('answers exactly the contract, without keys the schema does not know', async () => {
    const { token } = await smsLogin(t);
    const taskId = await startTask(token);
    const res = await poll(token, taskId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(envelopeSchema(taskInfoSchema).strict().parse(body)).toEqual(body);
    expect(body.data).toMatchObject({ taskId, toolId: 'to-line', status: 'queued', outputs: [] });
  });

  it('ends a cached session at once on logout', async () => {
    const { token } = await smsLogin(t);
    const taskId = await startTask(token);
    expect((await poll(token, taskId)).statusCode).toBe(200);
    expect((await poll(token, taskId)).statusCode).toBe(200);
    await t.app.inject({ url: '/api/user/logout', headers: { satoken: token } });
    expectError(await poll(token, taskId), 'SESSION_EXPIRED');
  });

  it('ends every cached session of a user whose sessions are revoked', async () => {
    const first = await smsLogin(t);
    const taskId = await startTask(first.token);
    expect((await poll(first.token, taskId)).statusCode).toBe(200);
    await t.container.sessions.revokeAll('user', first.user.id, 'test');
    expectError(await poll(first.token, taskId), 'SESSION_EXPIRED');
  });

  it('never shows one user the task of another, cached session or not', async () => {
    const a = await smsLogin(t);
    const b = await smsLogin(t);
    const taskId = await startTask(a.token);
    expect((await poll(a.token, taskId)).statusCode).toBe(200);
    expect((await poll(b.token, taskId)).statusCode).toBe(404);
  });
});
