import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, expectError, smsLogin } from '../../../test/helper';
import type { TestApp } from '../../../test/helper';
import { EngineError } from '../../engines/engine';
import { buildTaskApp, fakeEngine, upload, waitUntil } from '../../../test/task-fixtures';

type Output = { url: string; thumbUrl: string | null; width: number; height: number; kind: string };

describeEachDatabase('shares: done page detail, share links, outputs as inputs', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    // compress fails on this engine, so a failed task is at hand; to-line succeeds.
    const plain = fakeEngine();
    const engine = fakeEngine(['to-line', 'compress'], (job) =>
      job.capability === 'compress'
        ? Promise.reject(new EngineError('图片无法识别', 'test'))
        : plain.run(job),
    );
    t = await buildTaskApp({ target, startWorker: true, engines: [engine] });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
      headers: token ? { satoken: token } : {},
    });

  /** Uploads, runs to-line on the fake local engine and waits until it succeeded. */
  const finishedTask = async (token: string, input?: string, params?: Record<string, unknown>) => {
    const img = input ?? (await upload(t, token)).fileId;
    const started = await call('POST', '/api/ai/startTask', token, {
      toolId: 'to-line',
      inputs: { upload_img: img },
      ...(params && { params }),
    });
    expect(started.statusCode, started.body).toBe(200);
    const taskId = (started.json().data as { taskId: string }).taskId;
    await waitUntil(async () => {
      const r = await call('GET', `/api/ai/getTaskByTaskId?taskId=${taskId}`, token);
      return (r.json().data as { status: string }).status === 'succeeded';
    });
    return taskId;
  };

  it('the owner reads the detail with the before image and the ticket type; others get 404', async () => {
    const owner = await smsLogin(t);
    const other = await smsLogin(t);
    const img = await upload(t, owner.token);
    const taskId = await finishedTask(owner.token, img.fileId, { lineWeight: 4, style: 'canny' });

    const res = await call('GET', `/api/ai/taskDetail?taskId=${taskId}`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data as {
      task: { taskId: string; status: string; outputs: Output[] };
      ticketType: number;
      before: { url: string; width: number; height: number } | null;
      shareToken: string | null;
      params: Record<string, unknown>;
      inputs: Record<string, { fileId: string; url: string; width: number; height: number }[]>;
      missingInputs: string[];
    };
    expect(detail.task).toMatchObject({ taskId, status: 'succeeded' });
    expect(detail.task.outputs).toHaveLength(1);
    expect(detail.ticketType).toBe(1);
    expect(detail.before).toMatchObject({ width: img.width, height: img.height });
    expect(detail.before?.url).toContain(`/api/files/${img.fileId}?`);
    expect(detail.shareToken).toBeNull();
    // "再来一次": the run's own settings (defaults filled in) and its input with a fresh link.
    expect(detail.params).toEqual({ lineWeight: 4, detail: 'medium', style: 'canny' });
    expect(detail.inputs).toEqual({
      upload_img: [
        {
          fileId: img.fileId,
          url: expect.stringContaining(`/api/files/${img.fileId}?exp=`) as string,
          thumbUrl: expect.stringContaining(`/api/files/${img.fileId}/thumb?`) as string,
          width: img.width,
          height: img.height,
        },
      ],
    });
    expect(detail.missingInputs).toEqual([]);
    const original = await call('GET', detail.inputs.upload_img![0]!.url);
    expect(original.statusCode).toBe(200);

    expectError(
      await call('GET', `/api/ai/taskDetail?taskId=${taskId}`, other.token),
      'TASK_NOT_FOUND',
    );
    expectError(await call('GET', `/api/ai/taskDetail?taskId=${taskId}`), 'UNAUTHORIZED');
    expectError(await call('POST', '/api/ai/shareTask', other.token, { taskId }), 'TASK_NOT_FOUND');
  });

  it('a share token shows the outputs to anyone, leaks nothing else, and closes on revoke or delete', async () => {
    const owner = await smsLogin(t);
    const img = await upload(t, owner.token);
    const taskId = await finishedTask(owner.token, img.fileId, { lineWeight: 5, style: 'canny' });

    const first = await call('POST', '/api/ai/shareTask', owner.token, { taskId });
    expect(first.statusCode, first.body).toBe(200);
    const { token } = first.json().data as { token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Sharing again answers the same link (copying twice must not break the first one).
    const again = await call('POST', '/api/ai/shareTask', owner.token, { taskId });
    expect((again.json().data as { token: string }).token).toBe(token);
    const detail = await call('GET', `/api/ai/taskDetail?taskId=${taskId}`, owner.token);
    expect((detail.json().data as { shareToken: string }).shareToken).toBe(token);

    // Signed out: only the outputs, with links that work without a session.
    const shared = await call('GET', `/api/ai/sharedTask?token=${token}`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.headers['cache-control']).toBe('private, no-store');
    const data = shared.json().data as Record<string, unknown> & { outputs: Output[] };
    expect(Object.keys(data).sort()).toEqual(
      ['createdAt', 'finishedAt', 'outputs', 'ticketType', 'toolId'].sort(),
    );
    expect(data.toolId).toBe('to-line');
    const text = shared.body;
    expect(text).not.toContain(taskId);
    expect(text).not.toContain(owner.user.id);
    expect(text).not.toContain(owner.phone);
    // Neither the original nor the settings: a visitor cannot re-run or download the input.
    expect(data).not.toHaveProperty('params');
    expect(data).not.toHaveProperty('inputs');
    expect(text).not.toContain(img.fileId);
    expect(text).not.toContain('canny');
    expect(text).not.toContain('lineWeight');
    // The token is no session: the owner-only detail stays closed to the visitor.
    expectError(
      await call('GET', `/api/ai/taskDetail?taskId=${taskId}&token=${token}`),
      'UNAUTHORIZED',
    );
    const file = await call('GET', data.outputs[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');

    // A wrong or malformed token is the same "not found" (wrong: its last character changed; a
    // token ending in x once made this the right token, one run in 64).
    const wrong = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    expectError(await call('GET', `/api/ai/sharedTask?token=${wrong}`), 'SHARE_NOT_FOUND');
    expectError(await call('GET', '/api/ai/sharedTask?token=%27%20or%201%3D1'), 'SHARE_NOT_FOUND');
    expectError(await call('GET', '/api/ai/sharedTask'), 'VALIDATION_FAILED');

    // Revoked: the link is dead; sharing again makes a new one.
    expect((await call('POST', '/api/ai/unshareTask', owner.token, { taskId })).statusCode).toBe(
      200,
    );
    expectError(await call('GET', `/api/ai/sharedTask?token=${token}`), 'SHARE_NOT_FOUND');
    const renewed = await call('POST', '/api/ai/shareTask', owner.token, { taskId });
    const token2 = (renewed.json().data as { token: string }).token;
    expect(token2).not.toBe(token);
    expect((await call('GET', `/api/ai/sharedTask?token=${token2}`)).statusCode).toBe(200);

    // Deleting the task (hiding it) closes its links too.
    expect(
      (await call('GET', `/api/ai/delTaskByTaskId?taskId=${taskId}`, owner.token)).statusCode,
    ).toBe(200);
    expectError(await call('GET', `/api/ai/sharedTask?token=${token2}`), 'SHARE_NOT_FOUND');
    expectError(
      await call('GET', `/api/ai/taskDetail?taskId=${taskId}`, owner.token),
      'TASK_NOT_FOUND',
    );
  });

  it('an input whose file is gone is named in missingInputs, and the detail still loads', async () => {
    const owner = await smsLogin(t);
    const img = await upload(t, owner.token);
    const taskId = await finishedTask(owner.token, img.fileId);
    await t.container.database.db.deleteFrom('files').where('id', '=', img.fileId).execute();

    const res = await call('GET', `/api/ai/taskDetail?taskId=${taskId}`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data as {
      before: unknown;
      params: Record<string, unknown>;
      inputs: Record<string, unknown[]>;
      missingInputs: string[];
    };
    expect(detail.before).toBeNull();
    expect(detail.inputs).toEqual({ upload_img: [] });
    expect(detail.missingInputs).toEqual(['upload_img']);
    expect(detail.params).toEqual({ lineWeight: 2, detail: 'medium', style: 'xdog' });
  });

  it('a failed task cannot be shared', async () => {
    const owner = await smsLogin(t);
    const img = await upload(t, owner.token);
    const started = await call('POST', '/api/ai/startTask', owner.token, {
      toolId: 'compress',
      inputs: { upload_img: img.fileId },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { taskId } = started.json().data as { taskId: string };
    await waitUntil(async () => {
      const r = await call('GET', `/api/ai/getTaskByTaskId?taskId=${taskId}`, owner.token);
      return (r.json().data as { status: string }).status === 'failed';
    });
    expectError(
      await call('POST', '/api/ai/shareTask', owner.token, { taskId }),
      'TASK_NOT_SHAREABLE',
    );
  });

  it("an output is the owner's file: it can start the next tool, never another user's", async () => {
    const owner = await smsLogin(t);
    const other = await smsLogin(t);
    const first = await finishedTask(owner.token);
    const info = await call('GET', `/api/ai/getTaskByTaskId?taskId=${first}`, owner.token);
    const output = (info.json().data as { outputs: Output[] }).outputs[0]!;

    // The web sends the output's file id (from its /api/files/<id> link) as the next input.
    const fileId = /\/api\/files\/([0-9a-f-]{36})/.exec(output.url)![1]!;
    const next = await finishedTask(owner.token, fileId);
    const detail = await call('GET', `/api/ai/taskDetail?taskId=${next}`, owner.token);
    const before = (detail.json().data as { before: { url: string } }).before;
    expect(before.url).toContain(`/api/files/${fileId}?`);
    // The signed URL works as an input too.
    await finishedTask(owner.token, output.url);

    const stolen = await call('POST', '/api/ai/startTask', other.token, {
      toolId: 'to-line',
      inputs: { upload_img: fileId },
    });
    expectError(stolen, 'FILE_NOT_FOUND');
  });
});
