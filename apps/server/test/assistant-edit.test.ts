import type { EditInfo } from '@huijing/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOpenAiImagesEngine } from '../src/engines/openai/openai-images.engine';
import { startOpenAiImagesDouble } from './doubles/openai-images-double';
import type { OpenAiImagesDouble } from './doubles/openai-images-double';
import { describeEachDatabase, expectError, smsLogin } from './helper';
import type { TestApp } from './helper';
import { buildTaskApp, jpeg, waitUntil } from './task-fixtures';

describeEachDatabase('image-editing model (/imgagent) on the task platform', (target) => {
  let t: TestApp;
  let images: OpenAiImagesDouble;

  beforeAll(async () => {
    images = await startOpenAiImagesDouble({ defaultFormat: 'b64_json' });
    t = await buildTaskApp({
      target,
      env: { SIGNUP_TICKETS: '1:5' },
      engines: [
        createOpenAiImagesEngine({
          baseUrl: images.url,
          apiKey: images.apiKey,
          model: 'gpt-image-1',
        }),
      ],
      startWorker: true,
    });
  });
  afterAll(async () => {
    await t.close();
    await images.close();
  });

  const edit = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ai/EditImage',
      headers: { satoken: token },
      payload,
    });
  const info = async (token: string, taskId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ai/getEditImageInfo',
      headers: { satoken: token },
      payload: { taskId },
    });
  const finished = async (token: string, taskId: string): Promise<EditInfo> => {
    let last: EditInfo | undefined;
    await waitUntil(async () => {
      last = (await info(token, taskId)).json().data as EditInfo;
      return last.status === 'succeeded' || last.status === 'failed';
    });
    return last!;
  };

  it('edits through the images API, chains versions, and settles tickets once', async () => {
    const { token, user } = await smsLogin(t);
    const image = `data:image/jpeg;base64,${(await jpeg(64, 48)).toString('base64')}`;
    const started = await edit(token, { image, instruction: '把沙发换成深棕色皮质' });
    expect(started.statusCode, started.body).toBe(200);
    const first = await finished(token, started.json().data.taskId);
    expect(first).toMatchObject({
      status: 'succeeded',
      instruction: '把沙发换成深棕色皮质',
      parentTaskId: null,
    });
    expect(first.source?.url).toMatch(/^\/api\/files\//);
    expect(first.outputs).toHaveLength(1);
    const call = images.received.at(-1)!;
    expect(call.path).toBe('/v1/images/edits');
    expect(call.parts?.find((p) => p.name === 'prompt')?.value).toContain('深棕色皮质');
    expect(await t.container.tickets.balance(user.id, 1)).toBe(3);
    expect(
      (await t.container.tickets.entriesFor(first.taskId)).map((e) => e.reason).sort(),
    ).toEqual(['capture', 'hold']);

    // The next version edits the previous result (an output link the user owns).
    const next = await edit(token, {
      image: first.outputs[0]!.url,
      instruction: '窗外改成雪景',
      parentTaskId: first.taskId,
    });
    const second = await finished(token, next.json().data.taskId);
    expect(second).toMatchObject({ status: 'succeeded', parentTaskId: first.taskId });
    const history = await t.app.inject({
      method: 'POST',
      url: '/api/ai/editImageHistory',
      headers: { satoken: token },
      payload: {},
    });
    expect(history.json().data).toMatchObject({
      total: 2,
      list: [{ taskId: second.taskId }, { taskId: first.taskId }],
    });

    expectError(
      await edit(token, { image: first.outputs[0]!.url, instruction: '再来' }),
      'TICKETS_INSUFFICIENT',
    );
    expect(await t.container.tickets.balance(user.id, 1)).toBe(1);
  });

  it('refuses a missing instruction, other users and unknown parents clearly', async () => {
    const a = await smsLogin(t);
    const b = await smsLogin(t);
    const image = `data:image/jpeg;base64,${(await jpeg()).toString('base64')}`;
    expectError(await edit(a.token, { image, instruction: '  ' }), 'EDIT_INSTRUCTION_REQUIRED');
    const started = await edit(a.token, { image, instruction: '墙面刷成浅灰' });
    const done = await finished(a.token, started.json().data.taskId);
    expectError(await info(b.token, done.taskId), 'EDIT_NOT_FOUND');
    expectError(
      await edit(b.token, { image: done.outputs[0]!.url, instruction: '偷改' }),
      'FILE_NOT_FOUND',
    );
    expectError(
      await edit(b.token, { image, instruction: '续改', parentTaskId: done.taskId }),
      'EDIT_NOT_FOUND',
    );
    const notImage = `data:image/png;base64,${Buffer.from('GIF89a nope').toString('base64')}`;
    expectError(await edit(a.token, { image: notImage, instruction: '改' }), 'UPLOAD_TYPE');
    expect(await t.container.tickets.balance(b.user.id, 1)).toBe(5);
  });
});
