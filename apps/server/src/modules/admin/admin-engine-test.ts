import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AdminEngineTest } from '@huijing/contracts';
import { allTools } from '@huijing/tools';
import type { Capability } from '@huijing/tools';
import sharp from 'sharp';
import type { Engine, EngineJob } from '../../engines/engine';
import { EngineError } from '../../engines/engine';
import { ProviderError } from '../../engines/hosted-call';
import type { SlotLimit } from '../../engines/provider-slots';

/** Long enough for a hosted text-to-image task in a busy hour; the button says so if it is not. */
const TEST_TIMEOUT_MS = 180_000;
const THUMB_SIDE = 256;
const TEST_PROMPT = '一间简洁明亮的现代客厅，白墙，木地板，自然光';

/** The smallest real job: one square text-to-image (at the model's least size), else line art. */
const testJobOf = async (engine: Engine, workDir: string) => {
  const wanted: Capability[] = ['text-to-image', 'to-line', 'compress'];
  const capability = wanted.find((c) => engine.capabilities.includes(c));
  if (!capability) return undefined;
  const tool = allTools.find((t) => t.capability === capability);
  const params = {
    ...(tool?.params.safeParse({}).data as Record<string, unknown> | undefined),
    count: 1,
    aspectRatio: '1:1',
    width: 512,
    height: 512,
    promptTxt: TEST_PROMPT,
  };
  const inputs: EngineJob['inputs'] = {};
  if (capability !== 'text-to-image') {
    const file = path.join(workDir, 'input.png');
    await sharp({ create: { width: 512, height: 512, channels: 3, background: '#d8d2c4' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="512" height="512"><rect x="96" y="160" width="320" height="200" fill="#6b5b4b"/></svg>',
          ),
        },
      ])
      .png()
      .toFile(file);
    inputs.upload_img = { path: file, mime: 'image/png', width: 512, height: 512 };
  }
  return { capability, toolId: tool?.id ?? capability, params, inputs };
};

/**
 * Runs one small real job through `engine` (the admin's 测试 button), through the provider's
 * slot like any task, and answers with a thumbnail of the result or the Chinese error the
 * designers would have seen. Nothing is stored: the scratch directory is removed.
 */
export const runEngineTest = async (
  engine: Engine,
  slot: SlotLimit | undefined,
): Promise<AdminEngineTest> => {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), `engine-test-${engine.id}-`));
  const started = performance.now();
  const base = { engineId: engine.id, thumbnail: null, width: null, height: null };
  try {
    const job = await testJobOf(engine, workDir);
    if (!job)
      return {
        ...base,
        ok: false,
        capability: '',
        ms: 0,
        error: '该引擎没有可用于测试的功能',
      };
    const signal = AbortSignal.timeout(TEST_TIMEOUT_MS);
    const run = () =>
      engine.run({
        taskId: `engine-test-${Date.now()}`,
        ...job,
        prompt: TEST_PROMPT,
        workDir,
        signal,
        onProgress: () => {},
      });
    try {
      const outputs = slot ? await slot.run(signal, run) : await run();
      const image = outputs.find((o) => o.kind === 'image');
      const thumb = image
        ? await sharp(image.path)
            .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'inside' })
            .jpeg({ quality: 80 })
            .toBuffer()
        : undefined;
      return {
        ...base,
        ok: true,
        capability: job.capability,
        ms: Math.round(performance.now() - started),
        thumbnail: thumb ? `data:image/jpeg;base64,${thumb.toString('base64')}` : null,
        width: outputs[0]?.width ?? null,
        height: outputs[0]?.height ?? null,
        error: null,
      };
    } catch (e) {
      // The provider's own code (InvalidApiKey, Arrearage …) tells the operator what to fix.
      const message =
        e instanceof EngineError
          ? `${e.userMessage}${e instanceof ProviderError && e.code ? `（${e.code}）` : ''}`
          : signal.aborted
            ? `测试超时（${TEST_TIMEOUT_MS / 1000} 秒内没有结果）`
            : '测试失败，请查看服务日志';
      return {
        ...base,
        ok: false,
        capability: job.capability,
        ms: Math.round(performance.now() - started),
        error: message,
      };
    }
  } finally {
    await fs.rm(workDir, { recursive: true, force: true }).catch(() => {});
  }
};
