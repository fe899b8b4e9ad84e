import path from 'node:path';
import sharp from 'sharp';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, expectError, smsLogin } from '../../../test/helper';
import type { TestApp } from '../../../test/helper';
import {
  buildTaskApp,
  fakeEngine,
  untilAborted,
  upload,
  waitUntil,
} from '../../../test/task-fixtures';
import type { EngineJob } from '../../engines/engine';

/** Classical tools finish with one PNG; upscale waits to be canceled; "many" outputs 60 files. */
const localRun = async (job: EngineJob) => {
  if (job.capability === 'upscale') return untilAborted(job);
  const out = path.join(job.workDir, 'out.png');
  await sharp({ create: { width: 8, height: 6, channels: 3, background: '#336699' } })
    .png()
    .toFile(out);
  const n = job.params.lineWeight === 5 ? 60 : 1;
  return Array.from({ length: n }, () => ({
    path: out,
    mime: 'image/png',
    kind: 'image' as const,
    width: 8,
    height: 6,
  }));
};

type Listed = {
  list: {
    taskId: string;
    toolId: string;
    prompt?: string | null;
    settings?: { name: string; nameEn: string | null }[];
  }[];
  total: number;
};

describeEachDatabase('works: list filters, photo.zip, bulk delete', (target) => {
  let t: TestApp;
  let a: { token: string; userId: string };
  let b: { token: string; userId: string };
  const ids = { line1: '', line2: '', text: '', foreign: '' };

  const as = (token: string) => ({ satoken: token });
  const start = async (token: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      payload,
      headers: as(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { taskId: string }).taskId;
  };
  const statusOf = async (token: string, taskId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/ai/getTaskByTaskId?taskId=${taskId}`,
        headers: as(token),
      })
    ).json().data?.status as string | undefined;
  const finished = (token: string, taskId: string) =>
    waitUntil(async () => (await statusOf(token, taskId)) === 'succeeded');
  const list = async (token: string, query: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/ai/getTaskList?${new URLSearchParams(query)}`,
      headers: as(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Listed;
  };
  const zip = (token: string, taskIds: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/works/zip',
      payload: { taskIds },
      headers: as(token),
    });
  const del = (token: string, taskIds: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/works/delete',
      payload: { taskIds },
      headers: as(token),
    });
  const balance = async (token: string) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/ai/totalTicket?type=1', headers: as(token) })
    ).json().data as number;

  beforeAll(async () => {
    t = await buildTaskApp({
      target,
      startWorker: true,
      engines: [
        fakeEngine(['to-line', 'upscale', 'compress'], localRun),
        fakeEngine(['text-to-image'], undefined, 'comfyui'),
      ],
    });
    const la = await smsLogin(t);
    const lb = await smsLogin(t);
    a = { token: la.token, userId: la.user.id };
    b = { token: lb.token, userId: lb.user.id };
    const imgA = await upload(t, a.token);
    const imgB = await upload(t, b.token);
    ids.line1 = await start(a.token, { toolId: 'to-line', upload_img: imgA.fileId });
    ids.line2 = await start(a.token, { toolId: 'to-line', upload_img: imgA.fileId });
    ids.text = await start(a.token, {
      toolId: 'text-to-image',
      promptTxt: '北欧风客厅，落地窗_100%',
      style: 'image-sketch',
    });
    ids.foreign = await start(b.token, { toolId: 'to-line', upload_img: imgB.fileId });
    for (const id of [ids.line1, ids.line2, ids.text]) await finished(a.token, id);
    await finished(b.token, ids.foreign);
  });
  afterAll(() => t.close());

  it('searches prompt text and tool names, and filters by date range and family', async () => {
    const byPrompt = await list(a.token, { q: '北欧' });
    expect(byPrompt.list.map((x) => x.taskId)).toEqual([ids.text]);
    expect(byPrompt.list[0]!.prompt).toBe('北欧风客厅，落地窗_100%');
    // The work's own settings by catalogue name; a line drawing picks nothing.
    expect(byPrompt.list[0]!.settings).toEqual([{ name: '手绘草图', nameEn: 'Hand sketch' }]);
    const lines = await list(a.token, { q: '线稿' });
    expect(lines.list.map((x) => x.settings)).toEqual([[], []]);
    // LIKE wildcards in the search are literal characters.
    expect((await list(a.token, { q: '_100%' })).total).toBe(1);
    expect((await list(a.token, { q: '%' })).list.map((x) => x.taskId)).toEqual([ids.text]);
    // Tool names match in both languages; the other user's work never shows.
    expect((await list(a.token, { q: '线稿' })).list.map((x) => x.taskId).sort()).toEqual(
      [ids.line1, ids.line2].sort(),
    );
    expect((await list(a.token, { q: 'LINE DRAWING' })).total).toBe(2);
    expect((await list(a.token, { q: '没有这个' })).total).toBe(0);
    expect((await list(a.token, { family: 'generate' })).list.map((x) => x.taskId)).toEqual([
      ids.text,
    ]);

    const day = 86_400_000;
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    expect((await list(a.token, { from: iso(now - day) })).total).toBe(3);
    expect((await list(a.token, { from: iso(now + day) })).total).toBe(0);
    expect((await list(a.token, { to: iso(now - day) })).total).toBe(0);
    expect(
      (await list(a.token, { from: iso(now - day), to: iso(now + day), q: '线稿' })).total,
    ).toBe(2);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/ai/getTaskList?from=yesterday',
      headers: as(a.token),
    });
    expectError(bad, 'VALIDATION_FAILED');
  });

  it('streams photo.zip with every output of the chosen works', async () => {
    const res = await zip(a.token, [ids.line1, ids.text, ids.line1]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('photo.zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files).sort();
    expect(names).toHaveLength(2);
    expect(names.some((n) => n.startsWith('图片转线稿-') && n.endsWith('.png'))).toBe(true);
    expect(names.some((n) => n.startsWith('文生图-'))).toBe(true);
    for (const bytes of Object.values(files)) {
      expect((await sharp(Buffer.from(bytes)).metadata()).format).toBe('png');
    }
  });

  it('refuses another user’s ids, empty and oversized selections with clear errors', async () => {
    expectError(await zip(a.token, [ids.line1, ids.foreign]), 'TASK_NOT_FOUND');
    expectError(await zip(b.token, [ids.line1]), 'TASK_NOT_FOUND');
    const empty = expectError(await zip(a.token, []), 'VALIDATION_FAILED');
    expect(JSON.stringify(empty.data)).toContain('请至少选择一个作品');
    expectError(
      await zip(
        a.token,
        Array.from({ length: 51 }, (_, i) => `id-${i}`),
      ),
      'VALIDATION_FAILED',
    );
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/works/zip',
      payload: { taskIds: [ids.line1] },
    });
    expectError(anon, 'UNAUTHORIZED');

    const img = await upload(t, a.token);
    const many1 = await start(a.token, {
      toolId: 'to-line',
      upload_img: img.fileId,
      lineWeight: 5,
    });
    const many2 = await start(a.token, {
      toolId: 'to-line',
      upload_img: img.fileId,
      lineWeight: 5,
    });
    await finished(a.token, many1);
    await finished(a.token, many2);
    const big = expectError(await zip(a.token, [many1, many2]), 'WORKS_ZIP_TOO_LARGE');
    expect(big.message).toContain('分批下载');
    expect(
      Object.keys(unzipSync(new Uint8Array((await zip(a.token, [many1])).rawPayload))),
    ).toHaveLength(60);
    expect((await del(a.token, [many1, many2])).json().data).toEqual({ deleted: 2, canceled: 0 });
  });

  it('bulk delete cancels a running task with one refund, hides finished ones, keeps others’ work', async () => {
    const img = await upload(t, a.token);
    const before = await balance(a.token);
    const running = await start(a.token, { toolId: 'upscale', upload_img: img.fileId });
    await waitUntil(async () => (await statusOf(a.token, running)) === 'running');
    expect(await balance(a.token)).toBeLessThan(before);

    // One foreign id refuses the whole batch: nothing of A's is touched.
    expectError(await del(a.token, [running, ids.foreign]), 'TASK_NOT_FOUND');
    expect(await statusOf(a.token, running)).toBe('running');
    expect(await statusOf(b.token, ids.foreign)).toBe('succeeded');

    const res = await del(a.token, [running, ids.line2, running]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ deleted: 2, canceled: 1 });
    expect(await balance(a.token)).toBe(before);
    expect(await t.container.tickets.ledgerSum(a.userId, 1)).toBe(before);
    const left = (await list(a.token, {})).list.map((x) => x.taskId);
    expect(left).not.toContain(running);
    expect(left).not.toContain(ids.line2);
    expect(left).toContain(ids.line1);
    // Already deleted: a second attempt is "not found", and no second refund happens.
    expectError(await del(a.token, [running]), 'TASK_NOT_FOUND');
    expect(await balance(a.token)).toBe(before);
  });
});
