import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, expectError, smsLogin } from '../../../test/helper';
import type { TestApp } from '../../../test/helper';
import { buildTaskApp, fakeEngine, upload, waitUntil } from '../../../test/task-fixtures';

type Case = { id: string; name: string; count: number };

describeEachDatabase('gallery cases from works projects', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTaskApp({
      target,
      startWorker: true,
      engines: [fakeEngine()],
      env: { GALLERY_NSFW_CHECK: 'off' },
    });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
      headers: token ? { satoken: token } : {},
    });
  const data = async <T>(
    res: ReturnType<typeof call> extends Promise<infer R> ? R : never,
  ): Promise<T> => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };
  const finishedTask = async (token: string) => {
    const img = (await upload(t, token)).fileId;
    const started = await data<{ taskId: string }>(
      await call('POST', '/api/ai/startTask', token, {
        toolId: 'to-line',
        inputs: { upload_img: img },
      }),
    );
    await waitUntil(async () => {
      const r = await call('GET', `/api/ai/getTaskByTaskId?taskId=${started.taskId}`, token);
      return (r.json().data as { status: string }).status === 'succeeded';
    });
    return started.taskId;
  };
  const myCases = async (token: string) =>
    (await data<{ list: Case[] }>(await call('GET', '/api/image/case/page?scope=mine', token)))
      .list;

  it('offers a work’s project as its case, publishes a whole project as one case, follows a rename', async () => {
    const a = await smsLogin(t);
    const b = await smsLogin(t);
    const [w1, w2, loose] = [
      await finishedTask(a.token),
      await finishedTask(a.token),
      await finishedTask(a.token),
    ];
    const project = await data<{ id: string }>(
      await call('POST', '/api/works/projects/create', a.token, { name: '万科城 三室两厅' }),
    );
    await data(
      await call('POST', '/api/works/projects/move', a.token, {
        taskIds: [w1, w2],
        projectId: project.id,
      }),
    );

    // The dialog's 所属项目: the work's project, none for a loose work; owner only.
    const context = (taskId: string, token?: string) =>
      call('GET', `/api/image/publish/context?taskId=${taskId}`, token);
    expect(await data(await context(w1, a.token))).toEqual({
      project: { id: project.id, name: '万科城 三室两厅' },
    });
    expect(await data(await context(loose, a.token))).toEqual({ project: null });
    expectError(await context(w1, b.token), 'TASK_NOT_FOUND');
    expectError(await context(w1), 'UNAUTHORIZED');

    // One picture into the project's case; another published earlier in no case.
    const first = await data<{ id: string }>(
      await call('POST', '/api/image/publish', a.token, {
        taskId: w1,
        title: '客厅',
        projectId: project.id,
      }),
    );
    await data(await call('POST', '/api/image/publish', a.token, { taskId: w2, title: '主卧' }));
    let cases = await myCases(a.token);
    expect(cases.map((c) => [c.name, c.count])).toEqual([['万科城 三室两厅', 1]]);
    const caseId = cases[0]!.id;

    // Someone else's project is nobody's case.
    expectError(
      await call('POST', '/api/image/publish', b.token, {
        taskId: await finishedTask(b.token),
        title: 'x',
        projectId: project.id,
      }),
      'PROJECT_NOT_FOUND',
    );
    expectError(
      await call('POST', '/api/image/publish/project', b.token, { projectId: project.id }),
      'PROJECT_NOT_FOUND',
    );

    // The project renamed, then published whole: the same case, renamed, both pictures in it
    // (the one published before moves in, nothing is published twice); again changes nothing.
    await data(
      await call('POST', '/api/works/projects/rename', a.token, {
        projectId: project.id,
        name: '万科城 样板间',
      }),
    );
    for (let round = 0; round < 2; round++) {
      const r = await data<{ caseId: string; published: number; leftOut: number }>(
        await call('POST', '/api/image/publish/project', a.token, {
          projectId: project.id,
          tags: ['样板间'],
        }),
      );
      expect(r).toMatchObject({ caseId, published: 2, leftOut: 0 });
      cases = await myCases(a.token);
      expect(cases.map((c) => [c.id, c.name, c.count])).toEqual([[caseId, '万科城 样板间', 2]]);
    }
    const pictures = await data<{ list: { id: string }[] }>(
      await call('GET', `/api/image/waterfall/page?caseId=${caseId}`),
    );
    expect(pictures.list).toHaveLength(2);
    expect(pictures.list.map((p) => p.id)).toContain(first.id);
    const mine = await data<{ total: number }>(
      await call('GET', `/api/image/waterfall/page?authorId=${a.user.id}`),
    );
    expect(mine.total).toBe(2);

    // An empty project has nothing to publish; a hand-named case of another project's name is
    // not taken over.
    const empty = await data<{ id: string }>(
      await call('POST', '/api/works/projects/create', a.token, { name: '空项目' }),
    );
    expectError(
      await call('POST', '/api/image/publish/project', a.token, { projectId: empty.id }),
      'GALLERY_PROJECT_EMPTY',
    );
    await data(
      await call('POST', '/api/works/projects/move', a.token, {
        taskIds: [loose],
        projectId: empty.id,
      }),
    );
    await data(
      await call('POST', '/api/works/projects/rename', a.token, {
        projectId: empty.id,
        name: '万科城 三室两厅',
      }),
    );
    // The old name is free again (the first case took the rename): this project gets its own.
    const other = await data<{ caseId: string; published: number }>(
      await call('POST', '/api/image/publish/project', a.token, { projectId: empty.id }),
    );
    expect(other.caseId).not.toBe(caseId);
    expect(other.published).toBe(1);

    // That project renamed away (its case keeps the name until it publishes again): a new
    // project of the old name cannot take the other project's case.
    await data(
      await call('POST', '/api/works/projects/rename', a.token, {
        projectId: empty.id,
        name: '万科城 别墅',
      }),
    );
    const third = await data<{ id: string }>(
      await call('POST', '/api/works/projects/create', a.token, { name: '万科城 三室两厅' }),
    );
    await data(
      await call('POST', '/api/works/projects/move', a.token, {
        taskIds: [loose],
        projectId: third.id,
      }),
    );
    expectError(
      await call('POST', '/api/image/publish/project', a.token, { projectId: third.id }),
      'GALLERY_CASE_NAME_TAKEN',
    );
  });
});
