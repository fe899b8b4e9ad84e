import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startComfyUiDouble } from '../doubles/comfyui-double';
import type { ComfyUiDouble } from '../doubles/comfyui-double';
import { buildTestApp, describeEachDatabase, expectError } from '../helper';
import type { TestApp } from '../helper';
import { upload } from '../task-fixtures';
import {
  api,
  balanceOf,
  distinctJpeg,
  member,
  ROOT_ADMIN,
  rootAdmin,
  uploadDataset,
  waitForStatus,
} from './model-fixtures';

describeEachDatabase('model training on ComfyUI', (target) => {
  let comfy: ComfyUiDouble;
  let t: TestApp;
  let a: Awaited<ReturnType<typeof member>>;
  let b: Awaited<ReturnType<typeof member>>;
  let pictures: Awaited<ReturnType<typeof uploadDataset>>;
  let trainedId = '';

  beforeAll(async () => {
    comfy = await startComfyUiDouble({ knobs: { stepDelayMs: 5, maxSteps: 6 } });
    t = await buildTestApp({
      target,
      env: {
        COMFYUI_URL: comfy.url,
        MODEL_TRAIN_PRICE: '3',
        SIGNUP_TICKETS: '1:40',
        ...ROOT_ADMIN,
      },
    });
    await t.container.startWorker();
    a = await member(t);
    b = await member(t);
    pictures = await uploadDataset(t, a.token, 12);
  });
  afterAll(async () => {
    await t?.close();
    await comfy?.close();
  });

  const modelOf = (token: string, id: string) => async () =>
    (await api(t, token).get(`/api/model/train/${id}`)).json().data as {
      status: string;
      progress: number;
    };

  it('lists the goal presets and the price with availability', async () => {
    const domains = (await api(t, a.token).get('/api/model/train/domains/data')).json().data;
    expect(domains.map((d: { name: string }) => d.name)).toEqual(
      expect.arrayContaining(['室内风格', '建筑外观', '景观', '材质', '家具单品']),
    );
    const info = (await api(t, a.token).get('/api/model/train/right/info')).json().data;
    expect(info).toMatchObject({
      priceTickets: 3,
      ticketType: 1,
      minImages: 10,
      maxImages: 50,
      available: true,
    });
  });

  it('the doctor drops near-duplicates, flags small and foreign pictures, and buckets the rest', async () => {
    const again = await upload(
      t,
      a.token,
      await fs.readFile(
        path.join(t.dataDir, 'files', ...(await storageKeyOf(t, pictures[0]!.fileId)).split('/')),
      ),
    );
    const small = await upload(t, a.token, await distinctJpeg(400, 300));
    const foreign = await upload(t, b.token, await distinctJpeg());
    const res = await api(t, a.token).post('/api/model/train/doctor', {
      domain: 'interior-style',
      images: [...pictures.map((p) => p.url), again.url, small.fileId, foreign.fileId],
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.accepted).toHaveLength(12);
    expect(d.triggerWord).toMatch(/^[A-Za-z][A-Za-z0-9_]{2,19}$/);
    expect(d.captionSource).toBe('domain');
    expect(d.accepted[0].caption.startsWith(d.triggerWord)).toBe(true);
    expect(d.problems.map((p: { reason: string }) => p.reason).sort()).toEqual([
      'duplicate',
      'not-found',
      'too-small',
    ]);
    expect(d.ok).toBe(false);
    const names = d.buckets.map((x: { name: string }) => x.name).sort();
    expect(names).toEqual(['3:2', '4:3'].sort());
  });

  it('refuses bad datasets and malformed bodies before any ticket is taken', async () => {
    const before = await balanceOf(t, a.token);
    const c = api(t, a.token);
    const few = await c.post('/api/model/train', {
      name: '北欧客厅',
      domain: 'interior-style',
      images: pictures.slice(0, 5).map((p) => p.url),
    });
    expect(expectError(few, 'TRAIN_DATASET_INVALID').message).toContain('至少需要 10 张');
    const foreign = await upload(t, b.token, await distinctJpeg());
    expectError(
      await c.post('/api/model/train', {
        name: '北欧客厅',
        domain: 'interior-style',
        images: [...pictures.map((p) => p.url), foreign.url],
      }),
      'FILE_NOT_FOUND',
    );
    expectError(
      await c.post('/api/model/train', {
        name: '  ',
        domain: 'interior-style',
        images: pictures.map((p) => p.url),
      }),
      'VALIDATION_FAILED',
    );
    expectError(
      await c.post('/api/model/train', {
        name: 'x',
        domain: 'interior-style',
        images: pictures.map((p) => p.url),
        steps: 99999,
      }),
      'VALIDATION_FAILED',
    );
    expectError(
      await c.post('/api/model/train', {
        name: 'x',
        domain: 'no-such',
        images: pictures.map((p) => p.url),
      }),
      'TRAIN_DOMAIN_UNKNOWN',
    );
    expectError(
      await c.post('/api/model/train', {
        name: 'x',
        domain: 'interior-style',
        triggerWord: '中文触发词',
        images: pictures.map((p) => p.url),
      }),
      'TRAIN_TRIGGER_INVALID',
    );
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/model/train',
      payload: '{"name": ',
      headers: { satoken: a.token, 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await balanceOf(t, a.token)).toBe(before);
    expect(comfy.received.prompts).toHaveLength(0);
  });

  it('trains: uploads the dataset with captions, reports progress, keeps the LoRA and captures the tickets', async () => {
    const before = await balanceOf(t, a.token);
    // Steps slower than the worker's progress flush (every 500 ms), so several distinct
    // percentages are stored whatever the machine's load.
    comfy.knobs.stepDelayMs = 300;
    const res = await api(t, a.token).post('/api/model/train', {
      name: '北欧客厅',
      domain: 'interior-style',
      triggerWord: 'nordicroom',
      images: pictures.map((p) => p.url),
      captions: { [pictures[1]!.fileId]: 'bright living room, oak floor' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json().data;
    trainedId = id;
    expect(await balanceOf(t, a.token)).toBe(before - 3);
    const running = (await api(t, a.token).get('/api/model/train/running/taskIds')).json().data;
    expect(running).toContain(id);

    const seen: number[] = [];
    const done = await waitForStatus(async () => {
      const m = await modelOf(a.token, id)();
      seen.push(m.progress);
      return m;
    }, ['succeeded', 'failed']);
    comfy.knobs.stepDelayMs = 5;
    expect(done.status, JSON.stringify(done)).toBe('succeeded');
    expect(new Set(seen.filter((p) => p > 0 && p < 100)).size).toBeGreaterThan(1);

    const sent = comfy.received.prompts.at(-1)!;
    const train = Object.values(sent.prompt).find((n) => n.class_type === 'TrainLoraNode')!;
    expect(train.inputs).toMatchObject({ steps: 1200, rank: 16, learning_rate: 0.0001 });
    const save = Object.values(sent.prompt).find((n) => n.class_type === 'SaveLoRA')!;
    expect(save.inputs.prefix).toBe(`loras/huijing/${id}`);
    const uploads = comfy.received.uploads.filter((u) => u.subfolder.startsWith('huijing-train/'));
    expect(uploads.filter((u) => u.name.endsWith('.png'))).toHaveLength(12);
    expect(uploads.filter((u) => u.name.endsWith('.txt'))).toHaveLength(12);

    const detail = (await api(t, a.token).get(`/api/model/train/${id}`)).json().data;
    expect(detail).toMatchObject({ status: 'succeeded', progress: 100, hasWeights: true });
    expect(detail.triggerWord).toBe('nordicroom');
    expect(detail.dataset).toHaveLength(12);
    expect(detail.dataset[1].caption).toBe('nordicroom, bright living room, oak floor');
    expect(detail.dataset[0].caption.startsWith('nordicroom, ')).toBe(true);
    expect(detail.lossGraph).not.toBeNull();
    expect(detail.samples.length).toBeGreaterThan(0);
    const sample = await t.app.inject({ method: 'GET', url: detail.samples[0].url });
    expect(sample.statusCode).toBe(200);
    const kept = await fs.readFile(path.join(t.dataDir, 'files', 'loras', `${id}.safetensors`));
    expect(JSON.parse(kept.subarray(8).toString())).toMatchObject({
      __metadata__: { trained_by: 'comfyui-double' },
    });
    expect(await balanceOf(t, a.token)).toBe(before - 3);
    const page = (
      await api(t, a.token).get('/api/model/train/page/data?current=1&pageSize=10')
    ).json().data;
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.list[0]).toMatchObject({ id, status: 'succeeded', name: '北欧客厅' });
    // Trainings are not works: the works list stays clean.
    const works = (await api(t, a.token).get('/api/ai/getTaskList?page=1&pageSize=50')).json().data;
    expect(works.list.some((w: { toolId: string }) => w.toolId === 'model-train')).toBe(false);

    // Another user can neither read nor delete it.
    expectError(await api(t, b.token).get(`/api/model/train/${id}`), 'MODEL_NOT_FOUND');
    expectError(await api(t, b.token).del(`/api/model/train/${id}`), 'MODEL_NOT_FOUND');
    const mine = (await api(t, b.token).get('/api/model/train/page/data')).json().data;
    expect(mine.total).toBe(0);
  });

  it('a render with loraId sends LoraLoader with the trained file and the trigger word', async () => {
    const room = await upload(t, a.token, await distinctJpeg(1024, 768));
    const start = (token: string, extra: Record<string, unknown>) =>
      api(t, token).post('/api/ai/startTask', {
        toolId: 'indoor',
        upload_img: token === a.token ? room.fileId : undefined,
        promptTxt: '客厅',
        ...extra,
      });
    const res = await start(a.token, { loraId: trainedId, loraStrength: 1.1 });
    expect(res.statusCode, res.body).toBe(200);
    const { taskId } = res.json().data;
    await waitForStatus(async () => {
      const info = (await api(t, a.token).get(`/api/ai/getTaskByTaskId?taskId=${taskId}`)).json()
        .data;
      return info;
    }, ['succeeded', 'failed']);
    const g = comfy.received.prompts.at(-1)!.prompt;
    const lora = Object.entries(g).find(([, n]) => n.class_type === 'LoraLoader');
    expect(lora).toBeDefined();
    const [loraNode, node] = lora!;
    expect(node.inputs).toMatchObject({
      lora_name: `huijing/${trainedId}_1200_steps_00001_.safetensors`,
      strength_model: 1.1,
      strength_clip: 1.1,
      model: ['4', 0],
      clip: ['4', 1],
    });
    // The sampler and the prompt encoder take the LoRA's model and clip.
    expect(g['3']!.inputs.model).toEqual([loraNode, 0]);
    expect(g['6']!.inputs.clip).toEqual([loraNode, 1]);
    expect(String(g['6']!.inputs.text).startsWith('nordicroom, 客厅')).toBe(true);
    const info = (await api(t, a.token).get(`/api/ai/getTaskByTaskId?taskId=${taskId}`)).json()
      .data;
    expect(info.status).toBe('succeeded');

    // B may not use A's private model; nobody may use a strength out of range.
    const bRoom = await upload(t, b.token, await distinctJpeg(1024, 768));
    const bStart = (extra: Record<string, unknown>) =>
      api(t, b.token).post('/api/ai/startTask', {
        toolId: 'indoor',
        upload_img: bRoom.fileId,
        ...extra,
      });
    const before = await balanceOf(t, b.token);
    expectError(await bStart({ loraId: trainedId }), 'MODEL_NOT_FOUND');
    expectError(await bStart({ loraId: 'no-such-model' }), 'MODEL_NOT_FOUND');
    expectError(await start(a.token, { loraId: trainedId, loraStrength: 2 }), 'VALIDATION_FAILED');
    expect(await balanceOf(t, b.token)).toBe(before);

    // Published, it is on the square and B may use it; a reviewer's take-down is audit-logged.
    const pub = await api(t, a.token).post(`/api/model/train/${trainedId}/publish`, {
      publish: true,
    });
    expect(pub.json().data.review).toBe('approved');
    const square = (await api(t, b.token).get('/api/model/square?domain=interior-style')).json()
      .data;
    expect(square.list.map((m: { id: string }) => m.id)).toContain(trainedId);
    expect(square.list[0].samples.length).toBeGreaterThan(0);
    const usable = (await api(t, b.token).get('/api/model/usable')).json().data;
    expect(usable).toEqual([expect.objectContaining({ id: trainedId, mine: false })]);
    const used = await bStart({ loraId: trainedId });
    expect(used.statusCode, used.body).toBe(200);

    const admin = await rootAdmin(t);
    expectError(
      await api(t, a.token).post(`/api/user/manage/models/${trainedId}/review`, {
        decision: 'reject',
      }),
      'FORBIDDEN',
    );
    const down = await api(t, admin).post(`/api/user/manage/models/${trainedId}/review`, {
      decision: 'reject',
      note: '含水印',
    });
    expect(down.statusCode, down.body).toBe(200);
    const audit = await t.container.database.db
      .selectFrom('admin_audit_log')
      .selectAll()
      .where('target', '=', trainedId)
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['models.reject']);
    expectError(await bStart({ loraId: trainedId }), 'MODEL_NOT_FOUND');
    const gone = (await api(t, b.token).get('/api/model/square')).json().data;
    expect(gone.list.map((m: { id: string }) => m.id)).not.toContain(trainedId);
    const detail = (await api(t, a.token).get(`/api/model/train/${trainedId}`)).json().data;
    expect(detail).toMatchObject({ review: 'rejected', reviewNote: '含水印', useCount: 2 });
  });

  it('an execution_error marks the training failed with a reason and refunds it', async () => {
    comfy.knobs.failOn = {
      node: 'TrainLoraNode',
      type: 'torch.OutOfMemoryError',
      message: 'CUDA out of memory',
    };
    try {
      const before = await balanceOf(t, a.token);
      const res = await api(t, a.token).post('/api/model/train', {
        name: '失败的训练',
        domain: 'material',
        images: pictures.map((p) => p.fileId),
      });
      const { id } = res.json().data;
      const done = await waitForStatus(modelOf(a.token, id), ['failed', 'succeeded']);
      expect(done.status).toBe('failed');
      const detail = (await api(t, a.token).get(`/api/model/train/${id}`)).json().data;
      expect(detail.error).toMatch(/次数已退回|出错/);
      expect(detail.hasWeights).toBe(false);
      expect(await balanceOf(t, a.token)).toBe(before);
    } finally {
      comfy.knobs.failOn = undefined;
    }
  });

  it('cancel interrupts the running training on ComfyUI and releases the tickets; delete removes the weights', async () => {
    comfy.knobs.stepDelayMs = 200;
    comfy.knobs.maxSteps = 100;
    try {
      const before = await balanceOf(t, a.token);
      const { id } = (
        await api(t, a.token).post('/api/model/train', {
          name: '取消的训练',
          domain: 'furniture',
          images: pictures.map((p) => p.fileId),
        })
      ).json().data;
      await waitForStatus(async () => {
        const m = await modelOf(a.token, id)();
        return { ...m, status: m.progress > 5 ? 'training' : m.status };
      }, ['training']);
      const res = await api(t, a.token).del(`/api/model/train/${id}`);
      expect(res.json().data).toEqual({ canceled: true });
      expect((await modelOf(a.token, id)()).status).toBe('canceled');
      expect(await balanceOf(t, a.token)).toBe(before);
      await waitForStatus(
        async () => ({ status: String(comfy.received.interrupts.length > 0), progress: 0 }),
        ['true'],
      );
      // A second delete removes the canceled model itself.
      expect((await api(t, a.token).del(`/api/model/train/${id}`)).json().data).toEqual({
        canceled: false,
      });
      expectError(await api(t, a.token).get(`/api/model/train/${id}`), 'MODEL_NOT_FOUND');
    } finally {
      comfy.knobs.stepDelayMs = 5;
      comfy.knobs.maxSteps = 6;
    }
  });
});

const storageKeyOf = async (t: TestApp, fileId: string) => {
  const row = await t.container.database.db
    .selectFrom('files')
    .select('storage_key')
    .where('id', '=', fileId)
    .executeTakeFirstOrThrow();
  return row.storage_key;
};

describeEachDatabase('model training unavailable', (target) => {
  let comfy: ComfyUiDouble;
  afterAll(async () => comfy?.close());

  it('a ComfyUI without TrainLoraNode, or none at all, refuses before any ticket is taken', async () => {
    comfy = await startComfyUiDouble({ knobs: { missingNodes: ['TrainLoraNode', 'SaveLoRA'] } });
    for (const env of [{ COMFYUI_URL: comfy.url }, {}]) {
      const t = await buildTestApp({ target, env: { ...env, MODEL_TRAIN_MIN_IMAGES: '2' } });
      try {
        const u = await member(t);
        const pics = await uploadDataset(t, u.token, 2);
        const info = (await api(t, u.token).get('/api/model/train/right/info')).json().data;
        expect(info.available).toBe(false);
        // Plain words for designers; the setting or node to fix goes to the operator's log.
        expect(info.reason).toBe(
          env.COMFYUI_URL ? '模型训练暂不可用，请联系管理员' : '模型训练暂未开通，请联系管理员',
        );
        expect(info.reason).not.toMatch(/COMFYUI|TrainLoraNode|ComfyUI/);
        const before = await balanceOf(t, u.token);
        const res = await api(t, u.token).post('/api/model/train', {
          name: '客厅',
          domain: 'interior-style',
          images: pics.map((p) => p.url),
        });
        expect(expectError(res, 'TRAIN_UNAVAILABLE').message).toBe(info.reason);
        expect(await balanceOf(t, u.token)).toBe(before);
      } finally {
        await t.close();
      }
    }
    expect(comfy.received.prompts).toHaveLength(0);
  });
});
