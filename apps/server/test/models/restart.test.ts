import fs from 'node:fs/promises';
import { afterAll, expect, it } from 'vitest';
import { startComfyUiDouble } from '../doubles/comfyui-double';
import type { ComfyUiDouble } from '../doubles/comfyui-double';
import { buildTestApp, makeTempDir } from '../helper';
import { api, balanceOf, member, uploadDataset, waitForStatus } from './model-fixtures';

let comfy: ComfyUiDouble | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await comfy?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

it('a training queued when the server stops runs after the restart, its tickets held throughout', async () => {
  comfy = await startComfyUiDouble();
  dataDir = await makeTempDir();
  const env = { COMFYUI_URL: comfy.url, MODEL_TRAIN_PRICE: '4', SIGNUP_TICKETS: '1:20' };
  // An API-only process: the training is committed (row + hold) but nobody runs it here.
  const first = await buildTestApp({ dataDir, env, role: 'api' });
  const user = await member(first);
  const pictures = await uploadDataset(first, user.token, 10);
  const res = await api(first, user.token).post('/api/model/train', {
    name: '重启前提交',
    domain: 'architecture',
    images: pictures.map((p) => p.fileId),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { id } = res.json().data;
  expect(await balanceOf(first, user.token)).toBe(16);
  await first.close();

  const second = await buildTestApp({ dataDir, env });
  try {
    await second.container.startWorker();
    const done = await waitForStatus(
      async () => (await api(second, user.token).get(`/api/model/train/${id}`)).json().data,
      ['succeeded', 'failed'],
    );
    expect(done.status).toBe('succeeded');
    expect(comfy.received.prompts).toHaveLength(1);
    expect(await balanceOf(second, user.token)).toBe(16);
  } finally {
    await second.close();
  }
});
