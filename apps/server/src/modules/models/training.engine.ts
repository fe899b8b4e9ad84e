import fs from 'node:fs/promises';
import sharp from 'sharp';
import { z } from 'zod';
import type { Clock } from '../../config/clock';
import { EngineError } from '../../engines/engine';
import type { Engine, EngineId, EngineJob, EngineOutput } from '../../engines/engine';
import type { ComfyUiClient } from '../../engines/comfyui/comfyui.client';
import { runTraining, trainingTemplateFor } from '../../engines/comfyui/comfyui-training';
import type { StoragePort } from '../../providers/storage';
import type { FilesService } from '../uploads/files.service';
import type { ModelsRepository } from './models.repository';

/** The lane (tasks.engine) training runs on: its own concurrency, beside the render lanes. */
export const TRAIN_ENGINE_ID = 'comfyui-train';
export const TRAIN_TOOL_ID = 'model-train';

/** What a training task row carries in params (validated again when it runs). */
export const trainTaskParamsSchema = z.object({
  modelId: z.string(),
  domain: z.string(),
  triggerWord: z.string(),
  checkpoint: z.string(),
  steps: z.number().int(),
  rank: z.number().int(),
  learningRate: z.number(),
  samplePrompt: z.string(),
  /** Per picture, in the order of inputs.images. */
  pictures: z.array(z.object({ caption: z.string(), width: z.number(), height: z.number() })),
});
export type TrainTaskParams = z.infer<typeof trainTaskParamsSchema>;

/** Where the kept weights live in our storage. */
export const loraStorageKey = (modelId: string) => `loras/${modelId}.safetensors`;

/**
 * The engine behind training tasks: the shared task worker claims a training like any task,
 * materialises the dataset files and calls run(); tickets are captured on success and released
 * on failure or cancel by the worker, exactly as for renders. The weights go to our storage, the
 * loss graph and samples become the owner's files, all recorded on the model row.
 */
export const createTrainingEngine = (deps: {
  client: ComfyUiClient;
  workflowsDir?: string;
  timeoutMs: number;
  storage: StoragePort;
  files: FilesService;
  repo: ModelsRepository;
  now: Clock;
}): Engine => {
  const storePicture = async (userId: string, file: string) => {
    const meta = await sharp(file).metadata();
    return deps.files.storeOutput(userId, {
      path: file,
      mime: 'image/png',
      width: meta.width ?? 1,
      height: meta.height ?? 1,
    });
  };

  /** The ComfyUI client speaks of renders; a designer training a model reads 训练. */
  const run = async (job: EngineJob): Promise<EngineOutput[]> => {
    try {
      return await train(job);
    } catch (e) {
      if (!(e instanceof EngineError)) throw e;
      throw new EngineError(e.userMessage.replace(/渲染/g, '训练'), e.detail, e.retryable);
    }
  };

  const train = async (job: EngineJob): Promise<EngineOutput[]> => {
    const params = trainTaskParamsSchema.parse(job.params);
    const model = await deps.repo.findModel(params.modelId);
    if (!model) throw new EngineError('模型已被删除', `model ${params.modelId} is gone`);
    const pictures = params.pictures.map((p, i) => {
      const file = job.inputs[`images_${i}`];
      if (!file) throw new EngineError('训练图片已不存在，请重新上传', `images_${i} missing`);
      return { path: file.path, caption: p.caption, width: p.width, height: p.height };
    });
    const result = await runTraining(
      deps.client,
      trainingTemplateFor(deps.workflowsDir, params.domain),
      {
        ...params,
        modelId: params.modelId,
        pictures,
        workDir: job.workDir,
        signal: job.signal,
        onProgress: (percent, message) => job.onProgress({ percent, message }),
        extraData: { huijing_task_id: job.taskId, huijing_model_id: params.modelId },
      },
      { timeoutMs: deps.timeoutMs },
    );
    const at = () => deps.now().toISOString();
    const key = loraStorageKey(params.modelId);
    await deps.storage.put(key, await fs.readFile(result.lora.path), 'application/octet-stream');
    await deps.repo.setWeights(
      params.modelId,
      { loraKey: key, loraName: result.lora.loraName, bytes: result.lora.bytes },
      at(),
    );
    const loss = result.lossGraph ? await storePicture(model.userId, result.lossGraph) : undefined;
    const samples = [];
    for (const s of result.samples) samples.push(await storePicture(model.userId, s));
    await deps.repo.setResults(
      params.modelId,
      { lossGraphFileId: loss?.id ?? null, sampleFileIds: samples.map((s) => s.id) },
      at(),
    );
    job.onProgress({ percent: 99, message: '完成' });
    return [];
  };

  return {
    // Not a capability the router picks: only training tasks carry this engine id.
    id: TRAIN_ENGINE_ID as EngineId,
    capabilities: [],
    health: async () => {
      try {
        await deps.client.systemStats(AbortSignal.timeout(5000));
        return { status: 'up' };
      } catch (e) {
        return { status: 'down', detail: (e as Error).message };
      }
    },
    run,
  };
};
