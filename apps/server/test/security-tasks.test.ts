import { afterAll, beforeAll, expect, it } from 'vitest';
import { StorageNotFoundError } from '../src/providers/storage';
import { describeEachDatabase, expectError, smsLogin } from './helper';
import type { TestApp } from './helper';
import { buildTaskApp, upload, waitUntil } from './task-fixtures';

// Security review finding 7, the task items: each test replays the attack.
describeEachDatabase('tasks, shares and files under attack', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTaskApp({ target, startWorker: true });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: token ? { satoken: token } : {},
      ...(payload && { payload }),
    });
  const start = (token: string, payload: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      payload,
      headers: { satoken: token, ...(key !== undefined && { 'idempotency-key': key }) },
    });
  const finished = async (token: string) => {
    const img = await upload(t, token);
    const res = await start(token, { toolId: 'to-line', inputs: { upload_img: img.fileId } });
    expect(res.statusCode, res.body).toBe(200);
    const taskId = res.json().data.taskId as string;
    let outputs: Array<{ url: string; thumbUrl: string | null }> = [];
    await waitUntil(async () => {
      const info = (await call('GET', `/api/ai/getTaskByTaskId?taskId=${taskId}`, token)).json()
        .data as { status: string; outputs: typeof outputs };
      outputs = info.outputs;
      return info.status === 'succeeded';
    });
    return { taskId, outputs, input: img.fileId };
  };

  it('an Idempotency-Key reused with a different body answers 422; over 128 characters 400', async () => {
    const { token } = await smsLogin(t);
    const img = await upload(t, token);
    const body = { toolId: 'to-line', inputs: { upload_img: img.fileId } };
    const first = await start(token, body, 'k-1');
    expect(first.statusCode, first.body).toBe(200);
    // The same request again (keys in another order) is the same task.
    const again = await start(
      token,
      { inputs: { upload_img: img.fileId }, toolId: 'to-line' },
      'k-1',
    );
    expect(again.json().data.taskId).toBe(first.json().data.taskId);
    // Another request under the same key is refused, not silently answered with the first task.
    const other = { ...body, params: { lineWeight: 5 } };
    expectError(await start(token, other, 'k-1'), 'IDEMPOTENCY_KEY_REUSED');
    // Keys are never cut: two long keys sharing 128 characters would otherwise collide.
    const long = 'x'.repeat(128);
    expect((await start(token, body, long)).statusCode).toBe(200);
    expectError(await start(token, other, `${long}y`), 'IDEMPOTENCY_KEY_TOO_LONG');
  });

  it('unsharing stops the shared pictures at once (no signed link outlives it)', async () => {
    const owner = await smsLogin(t);
    const { taskId } = await finished(owner.token);
    const shared = await call('POST', '/api/ai/shareTask', owner.token, { taskId });
    const token = shared.json().data.token as string;
    const page = (await call('GET', `/api/ai/sharedTask?token=${token}`)).json().data as {
      outputs: Array<{ url: string; thumbUrl: string }>;
    };
    const [picture] = page.outputs;
    expect(picture!.url).toMatch(/^\/api\/ai\/sharedFile\?token=/);
    expect((await call('GET', picture!.url)).statusCode).toBe(200);
    expect((await call('GET', picture!.thumbUrl)).statusCode).toBe(200);
    // A visitor cannot reach the owner's other files through the token.
    const mine = await finished(owner.token);
    const fileId = /\/api\/files\/([^/?]+)/.exec(mine.outputs[0]!.url)![1]!;
    expectError(
      await call('GET', `/api/ai/sharedFile?token=${token}&fileId=${fileId}`),
      'SHARE_NOT_FOUND',
    );

    await call('POST', '/api/ai/unshareTask', owner.token, { taskId });
    expectError(await call('GET', picture!.url), 'SHARE_NOT_FOUND');
    expectError(await call('GET', picture!.thumbUrl), 'SHARE_NOT_FOUND');
  });

  it('deleting a task removes its result files: their signed links answer 404', async () => {
    const owner = await smsLogin(t);
    const { taskId, outputs, input } = await finished(owner.token);
    const link = outputs[0]!.url;
    expect((await call('GET', link)).statusCode).toBe(200);
    const fileId = /\/api\/files\/([^/?]+)/.exec(link)![1]!;
    const row = await t.container.database.db
      .selectFrom('files')
      .select('storage_key')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();

    expect(
      (await call('GET', `/api/ai/delTaskByTaskId?taskId=${taskId}`, owner.token)).statusCode,
    ).toBe(200);
    expectError(await call('GET', link), 'FILE_NOT_FOUND');
    expectError(await call('GET', outputs[0]!.thumbUrl!), 'FILE_NOT_FOUND');
    await expect(t.container.storage.read(row.storage_key)).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
    // The upload it started from stays (other runs and 再来一次 use it).
    const kept = await call('POST', '/api/upload/links', owner.token, { fileIds: [input] });
    expect(kept.json().data.links).toHaveLength(1);
  });
});
