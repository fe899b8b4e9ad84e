import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createComfyUiEngine } from '../src/engines/comfyui/comfyui.engine';
import { createDashScopeEngine } from '../src/engines/dashscope/dashscope.engine';
import type { Engine } from '../src/engines/engine';
import { KEEP_STRUCTURE_STRICT } from '../src/engines/hosted-call';
import { createLocalEngine } from '../src/engines/local/local-engine';
import {
  guardStructure,
  STRUCTURE_FAILURE,
  STRUCTURE_THRESHOLD,
} from '../src/engines/structure-guard';
import { createAdminTasksRepository } from '../src/modules/admin/admin-tasks.repository';
import { sampleInput } from '../src/modules/samples/sample-inputs';
import { startComfyUiDouble } from './doubles/comfyui-double';
import { startDashScopeDouble } from './doubles/dashscope-double';
import { makeTempDir, smsLogin } from './helper';
import type { TestApp } from './helper';
import { buildTaskApp, upload, waitUntil } from './task-fixtures';

type Drift = number | 'all';
type Setup = {
  engine: Engine;
  /** Pictures made so far, and the prompt text each was asked with. */
  prompts: () => string[];
  drift: (d: Drift) => void;
  close: () => Promise<void>;
};

/** The two kinds of generative engine: ComfyUI (a graph) and a hosted model (DashScope). */
const engines: Record<string, () => Promise<Setup>> = {
  comfyui: async () => {
    const comfy = await startComfyUiDouble();
    return {
      engine: createComfyUiEngine({ baseUrl: comfy.url, pollIntervalMs: 50 }),
      prompts: () =>
        comfy.received.prompts.map((p) =>
          JSON.stringify(
            Object.values(p.prompt).find((n) => n.class_type === 'CLIPTextEncode')?.inputs,
          ),
        ),
      drift: (d) => (comfy.knobs.drift = d),
      close: comfy.close,
    };
  },
  dashscope: async () => {
    const api = await startDashScopeDouble({ pendingPolls: 0, runningPolls: 0 });
    return {
      engine: createDashScopeEngine({ apiKey: api.apiKey, baseUrl: api.url, pollMs: 10 }),
      prompts: () => api.received.map((r) => String((r.body.input as { prompt?: string }).prompt)),
      drift: (d) => (api.knobs.drift = d),
      close: api.close,
    };
  },
};

/**
 * A tool that promises to keep the space, run on a generative engine behind the structure guard
 * as the container wires it: a faithful result carries its score; a drifted one is made once
 * more for free with stricter words; drifted twice, the task fails with the guard's message and
 * its tickets come back exactly once.
 */
describe.each(Object.keys(engines))('structure guard on %s', (name) => {
  let t: TestApp | undefined;
  let setup: Setup | undefined;
  let local: ReturnType<typeof createLocalEngine> | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await t?.close();
    await setup?.close();
    await local?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
    t = setup = local = dir = undefined;
  });

  const start = async (drift: Drift) => {
    setup = await engines[name]!();
    setup.drift(drift);
    local = createLocalEngine({ threads: 1 });
    const guarded = guardStructure(setup.engine, { score: local.structureScore });
    t = await buildTaskApp({ engines: [local, guarded], startWorker: true });
    dir = await makeTempDir();
    const room = await sampleInput(dir, 'room');
    const user = await smsLogin(t);
    const img = await upload(t, user.token, await fs.readFile(room.path));
    const app = t;
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      payload: { toolId: 'indoor', upload_img: img.fileId, promptTxt: '北欧风格' },
      headers: { satoken: user.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const taskId = res.json().data.taskId as string;
    const info = async () =>
      (
        await app.app.inject({
          url: `/api/ai/getTaskByTaskId?taskId=${taskId}`,
          headers: { satoken: user.token },
        })
      ).json().data as {
        status: string;
        error: string | null;
        outputs: { structureScore?: number | null }[];
      };
    await waitUntil(async () => ['succeeded', 'failed'].includes((await info()).status), 30_000);
    return {
      info: await info(),
      adminRow: await createAdminTasksRepository(app.container.database.db).find(taskId),
      reasons: (await app.container.tickets.entriesFor(taskId)).map((e) => e.reason).sort(),
      balance: await app.container.tickets.balance(user.user.id, 1),
      ledger: await app.container.tickets.ledgerSum(user.user.id, 1),
    };
  };

  it('a faithful result passes once, with its score on the output', async () => {
    const r = await start(0);
    expect(r.info.status).toBe('succeeded');
    const score = r.info.outputs[0]?.structureScore;
    expect(score).toBeGreaterThanOrEqual(STRUCTURE_THRESHOLD);
    expect(setup!.prompts()).toHaveLength(1);
    expect(setup!.prompts()[0]).not.toContain(KEEP_STRUCTURE_STRICT.slice(0, 8));
    expect(r.reasons).toEqual(['capture', 'hold']);
    // The admin task list shows the same figure.
    expect(r.adminRow?.structureScore).toBe(score);
  });

  it('a drifted result is made once more, free, with stricter words', async () => {
    const r = await start(1);
    expect(r.info.status).toBe('succeeded');
    expect(r.info.outputs[0]?.structureScore).toBeGreaterThanOrEqual(STRUCTURE_THRESHOLD);
    const prompts = setup!.prompts();
    expect(prompts).toHaveLength(2);
    expect(prompts[1]).not.toEqual(prompts[0]);
    if (name === 'dashscope') expect(prompts[1]!.startsWith(KEEP_STRUCTURE_STRICT)).toBe(true);
    else expect(prompts[1]).toContain('exact same composition');
    // One hold, one capture: the second run cost nothing.
    expect(r.reasons).toEqual(['capture', 'hold']);
    expect(r.ledger).toBe(r.balance);
  });

  it('drifted twice: the task fails with a clear message and is refunded once', async () => {
    const r = await start('all');
    expect(r.info.status).toBe('failed');
    expect(r.info.error).toBe(STRUCTURE_FAILURE);
    expect(r.info.outputs).toEqual([]);
    expect(setup!.prompts()).toHaveLength(2);
    expect(r.reasons).toEqual(['hold', 'release']);
    expect(r.ledger).toBe(r.balance);
    expect(r.balance).toBe(37);
  });
});

describe('structure guard scope', () => {
  it('leaves tools that make new pictures alone', async () => {
    const local = createLocalEngine({ threads: 1 });
    const dir = await makeTempDir();
    try {
      let scored = 0;
      const out = path.join(dir, 'x.png');
      await fs.copyFile((await sampleInput(dir, 'plan')).path, out);
      const inner: Engine = {
        id: 'comfyui',
        capabilities: ['text-to-image', 'render'],
        health: async () => ({ status: 'up' }),
        run: async () => [{ path: out, mime: 'image/png', kind: 'image', width: 768, height: 576 }],
      };
      const guarded = guardStructure(inner, {
        score: async (task) => {
          scored += 1;
          return local.structureScore(task);
        },
      });
      const room = await sampleInput(dir, 'room');
      const job = {
        taskId: 't',
        capability: 'render' as const,
        params: {},
        inputs: { upload_img: room },
        workDir: dir,
        signal: new AbortController().signal,
        onProgress: () => {},
      };
      // multi-angle changes the view on purpose: not held to the input's lines.
      const free = await guarded.run({ ...job, toolId: 'multi-angle' });
      expect(free[0]?.structureScore).toBeUndefined();
      expect(scored).toBe(0);
      await expect(guarded.run({ ...job, toolId: 'indoor' })).rejects.toThrow(STRUCTURE_FAILURE);
      expect(scored).toBe(2);
    } finally {
      await local.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
