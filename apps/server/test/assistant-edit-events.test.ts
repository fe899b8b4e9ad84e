import { randomBytes } from 'node:crypto';
import type { EditInfo, TaskInfo } from '@huijing/contracts';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createOpenAiImagesEngine } from '../src/engines/openai/openai-images.engine';
import { startOpenAiImagesDouble } from './doubles/openai-images-double';
import type { OpenAiImagesDouble } from './doubles/openai-images-double';
import { describeEachDatabase, smsLogin } from './helper';
import type { TestApp } from './helper';
import { listenLocal, openTaskEvents, streamReady } from './sse-reader';
import type { StreamReader } from './sse-reader';
import { buildTaskApp, jpeg, waitUntil } from './task-fixtures';

const redisUrl = process.env.TEST_REDIS_URL ?? '';

// The assistant's image edits are tasks of the platform: their changes travel as `task` events,
// which the edit page merges into what getEditImageInfo answered.
describeEachDatabase('image edits on the task event stream', (target) => {
  let t: TestApp;
  let images: OpenAiImagesDouble;
  let base: string;
  const readers: StreamReader[] = [];
  const open = async (token: string) => {
    const r = await openTaskEvents(base, token);
    readers.push(r);
    expect(r.status).toBe(200);
    await streamReady(r);
    return r;
  };

  beforeAll(async () => {
    // Slow enough that the edit is seen before it finishes.
    images = await startOpenAiImagesDouble({ defaultFormat: 'b64_json', delayMs: 300 });
    t = await buildTaskApp({
      target,
      env: {
        SIGNUP_TICKETS: '1:5',
        ...(redisUrl &&
          target.dialect === 'postgres' && {
            REDIS_URL: redisUrl,
            REDIS_PREFIX: `test-edit-events-${randomBytes(4).toString('hex')}`,
          }),
      },
      engines: [
        createOpenAiImagesEngine({
          baseUrl: images.url,
          apiKey: images.apiKey,
          model: 'gpt-image-1',
        }),
      ],
      startWorker: true,
    });
    await waitUntil(() => t.container.taskEvents.live());
    base = await listenLocal(t.app);
  });
  afterEach(() => {
    for (const r of readers.splice(0)) r.close();
  });
  afterAll(async () => {
    await t?.close();
    await images?.close();
  });

  it('an edit’s changes reach its owner’s stream, ending as getEditImageInfo answers; another user hears nothing', async () => {
    const a = await smsLogin(t);
    const b = await smsLogin(t);
    const mine = await open(a.token);
    const theirs = await open(b.token);
    const image = `data:image/jpeg;base64,${(await jpeg(64, 48)).toString('base64')}`;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/ai/EditImage',
      headers: { satoken: a.token },
      payload: { image, instruction: '墙面刷成浅灰色' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { taskId } = started.json().data as { taskId: string };
    const events = () => mine.of<TaskInfo>('task').filter((x) => x.taskId === taskId);
    await waitUntil(() => events().some((x) => x.status === 'succeeded'));

    const statuses = events().map((x) => x.status);
    expect(statuses).toContain('running');
    expect(statuses.at(-1)).toBe('succeeded');
    const info = (
      await t.app.inject({
        method: 'POST',
        url: '/api/ai/getEditImageInfo',
        headers: { satoken: a.token },
        payload: { taskId },
      })
    ).json().data as EditInfo;
    const last = events().at(-1)!;
    expect(last.toolId).toBe('imgagent');
    // Every field the edit page takes from the event is the edit info's.
    expect({
      status: last.status,
      queueNum: last.queueNum,
      progress: last.progress,
      outputs: last.outputs,
      error: last.error,
      finishedAt: last.finishedAt,
    }).toEqual({
      status: info.status,
      queueNum: info.queueNum,
      progress: info.progress,
      outputs: info.outputs,
      error: info.error,
      finishedAt: info.finishedAt,
    });
    expect(theirs.events.map((e) => e.data).join('\n')).not.toContain(taskId);
  });
});
