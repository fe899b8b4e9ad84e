import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, expectError, smsLogin } from '../../../test/helper';
import type { TestApp } from '../../../test/helper';
import { buildTaskApp, upload } from '../../../test/task-fixtures';

type Projects = { list: { id: string; name: string; count: number }[]; unfiled: number };

describeEachDatabase('works projects: create, move, filter, rename, delete', (target) => {
  let t: TestApp;
  const as = (token: string) => ({ satoken: token });
  const post = (token: string, url: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/works/projects${url}`,
      payload,
      headers: as(token),
    });
  const projects = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/works/projects', headers: as(token) })).json()
      .data as Projects;
  const listIds = async (token: string, projectId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/ai/getTaskList?projectId=${projectId}`,
      headers: as(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.list as { taskId: string }[]).map((x) => x.taskId).sort();
  };
  const start = async (token: string, fileId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      payload: { toolId: 'to-line', upload_img: fileId },
      headers: as(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.taskId as string;
  };

  beforeAll(async () => {
    t = await buildTaskApp({ target, role: 'api' });
  });
  afterAll(() => t.close());

  it('keeps a client’s works together and filters by project; another user sees none of it', async () => {
    const a = await smsLogin(t);
    const b = await smsLogin(t);
    const img = await upload(t, a.token);
    const [w1, w2, w3] = [
      await start(a.token, img.fileId),
      await start(a.token, img.fileId),
      await start(a.token, img.fileId),
    ];
    const created = await post(a.token, '/create', { name: '  王总别墅  ' });
    expect(created.statusCode, created.body).toBe(200);
    const villa = created.json().data as { id: string; name: string };
    expect(villa.name).toBe('王总别墅');
    expectError(await post(a.token, '/create', { name: '王总别墅' }), 'PROJECT_NAME_TAKEN');
    const empty = await post(a.token, '/create', { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('body.name');

    expect(
      (await post(a.token, '/move', { taskIds: [w1, w2], projectId: villa.id })).json().data,
    ).toEqual({ moved: 2 });
    expect(await listIds(a.token, villa.id)).toEqual([w1, w2].sort());
    expect(await listIds(a.token, 'none')).toEqual([w3]);
    expect(await projects(a.token)).toEqual({
      list: [expect.objectContaining({ id: villa.id, name: '王总别墅', count: 2 })],
      unfiled: 1,
    });

    // B: not their project, not their works.
    expect(await projects(b.token)).toEqual({ list: [], unfiled: 0 });
    expectError(
      await post(b.token, '/move', { taskIds: [w3], projectId: villa.id }),
      'PROJECT_NOT_FOUND',
    );
    const own = await post(b.token, '/create', { name: '王总别墅' });
    expect(own.statusCode).toBe(200);
    const bProject = own.json().data.id as string;
    expect(
      (await post(b.token, '/move', { taskIds: [w3], projectId: bProject })).json().data,
    ).toEqual({ moved: 0 });
    expectError(
      await post(b.token, '/rename', { projectId: villa.id, name: 'x' }),
      'PROJECT_NOT_FOUND',
    );
    expectError(await post(b.token, '/delete', { projectId: villa.id }), 'PROJECT_NOT_FOUND');
    expect(await listIds(b.token, villa.id)).toEqual([]);

    // Rename, take one out, delete: the works stay, in no project.
    const office = await post(a.token, '/create', { name: '办公室' });
    expectError(
      await post(a.token, '/rename', { projectId: office.json().data.id, name: '王总别墅' }),
      'PROJECT_NAME_TAKEN',
    );
    expect(
      (await post(a.token, '/rename', { projectId: villa.id, name: '王总别墅 二期' })).statusCode,
    ).toBe(200);
    await post(a.token, '/move', { taskIds: [w2], projectId: null });
    expect(await listIds(a.token, villa.id)).toEqual([w1]);
    expect((await post(a.token, '/delete', { projectId: villa.id })).statusCode).toBe(200);
    expect(await listIds(a.token, 'none')).toEqual([w1, w2, w3].sort());
    const after = await projects(a.token);
    expect(after.list.map((p) => p.name)).toEqual(['办公室']);
    expect(after.unfiled).toBe(3);
    expectError(await post(a.token, '/delete', { projectId: villa.id }), 'PROJECT_NOT_FOUND');
  });

  it('a deleted work leaves its project’s count', async () => {
    const a = await smsLogin(t);
    const img = await upload(t, a.token);
    const w = await start(a.token, img.fileId);
    const p = (await post(a.token, '/create', { name: '样板间' })).json().data.id as string;
    await post(a.token, '/move', { taskIds: [w], projectId: p });
    expect((await projects(a.token)).list[0]!.count).toBe(1);
    await t.app.inject({
      method: 'GET',
      url: `/api/ai/delTaskByTaskId?taskId=${w}`,
      headers: as(a.token),
    });
    expect((await projects(a.token)).list[0]!.count).toBe(0);
    expect(await listIds(a.token, p)).toEqual([]);
  });

  it('asks to sign in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/works/projects' });
    expect(res.statusCode).toBe(401);
  });
});
