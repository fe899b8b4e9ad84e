import path from 'node:path';
import { getTool, hostedRecipe } from '@huijing/tools';
import { abortError, EngineError } from '../engine';
import type { Capability, Engine, EngineHealth, EngineJob, EngineOutput } from '../engine';
import {
  collectOutputs,
  pictureCount,
  picturePrompt,
  saveResult,
  servedCapabilities,
} from '../hosted-results';
import { compositeInsideMask } from '../mask-composite';
import { recordedCall, usageOf } from '../provider-calls';
import type { ProviderCallSink } from '../provider-calls';
import { createArkClient } from './ark.client';
import type { ArkClientOptions } from './ark.client';
import { capabilityRecipes, defaultArkModels, recipes } from './ark-recipes';
import type { ArkModels, ImageRecipe, Recipe, RecipeName, VideoRecipe } from './ark-recipes';

/**
 * Volcengine Ark: Seedream for text-to-image and editing with reference pictures, Seedance for
 * video from text, a first frame, or first and last frames. The mapping is data (ark-recipes.ts).
 */

export interface ArkEngineOptions extends ArkClientOptions {
  models?: Partial<ArkModels>;
  /** Ask Seedream for base64 instead of a link (no second download). */
  responseFormat?: 'url' | 'b64_json';
  /** Told about every images request and video task (cost rows); failed ones too. */
  recordCall?: ProviderCallSink;
}

const isRecipe = (name: string | undefined): name is RecipeName =>
  name !== undefined && Object.hasOwn(recipes, name);

export const createArkEngine = (options: ArkEngineOptions): Engine => {
  const client = createArkClient(options);
  const models = { ...defaultArkModels, ...options.models };
  const capabilities = servedCapabilities(
    'ark',
    Object.keys(capabilityRecipes) as Capability[],
    recipes,
  );

  /** The tool's own recipe (its definition, by option), else its capability's. */
  const recipeFor = (job: EngineJob): Recipe => {
    const named = hostedRecipe(getTool(job.toolId), 'ark', job.params);
    const name = isRecipe(named) ? named : capabilityRecipes[job.capability];
    if (!name)
      throw new EngineError('该功能暂未在火山方舟上配置', `ark cannot serve ${job.capability}`);
    return recipes[name];
  };

  const picture = async (job: EngineJob, recipe: ImageRecipe, index: number) => {
    const { body, expected } = await recipe.build({ job, ...picturePrompt(job, index) });
    if (options.responseFormat) body.response_format = options.responseFormat;
    const model = models.seedream;
    job.onProgress({ percent: 10 + index, message: '生成中' });
    // Seedream bills per picture made (usage.generated_images).
    const { json, requestId } = await recordedCall(
      options.recordCall,
      job,
      { provider: 'ark', model, unit: 'image' },
      async (ids) => {
        const answer = await client.generateImages({ model, ...body }, job.signal);
        ids.requestId = answer.requestId;
        const made = (answer.json.data ?? []).filter((d) => d.url || d.b64_json).length;
        return { value: answer, units: usageOf(answer.json.usage, ['generated_images'], made) };
      },
    );
    const provider = { provider: 'ark', model, requestId };
    const items = (json.data ?? []).filter((d) => d.url || d.b64_json);
    if (items.length === 0) {
      const failed = json.data?.find((d) => d.error)?.error;
      throw new EngineError(
        '生成服务没有返回图片，请重试',
        `images/generations: ${failed ? `${failed.code} ${failed.message}` : 'empty data'}`,
        true,
      );
    }
    const outputs: EngineOutput[] = [];
    for (const [i, item] of items.entries()) {
      const saved = await saveResult({
        url: item.url,
        base64: item.b64_json,
        kind: 'image',
        workDir: job.workDir,
        name: `ark-${index}-${i}`,
        signal: job.signal,
        expected,
      });
      outputs.push({ ...(await keepOutsideMask(job, recipe, saved)), provider });
    }
    return outputs;
  };

  /** A masked recipe's answer with every pixel outside the painted mask put back. */
  const keepOutsideMask = (job: EngineJob, recipe: ImageRecipe, edited: EngineOutput) =>
    recipe.masked
      ? compositeInsideMask({
          original: job.inputs.upload_img!,
          mask: job.inputs.mask!,
          edited,
          workDir: job.workDir,
          name: `${path.basename(edited.path, path.extname(edited.path))}-masked`,
        })
      : edited;

  const video = async (job: EngineJob, recipe: VideoRecipe) => {
    const { content } = await recipe.build({ job, ...picturePrompt(job, 0) });
    const model = models.seedance;
    // Seedance bills per token of the video made (usage.completion_tokens).
    const { taskId, requestId, task } = await recordedCall(
      options.recordCall,
      job,
      { provider: 'ark', model, unit: 'token' },
      async (ids) => {
        const created = await client.createTask({ model, content }, job.signal);
        Object.assign(ids, { requestId: created.requestId, providerTaskId: created.taskId });
        job.onProgress({ percent: 10, message: '已提交' });
        const task = await client.waitTask(created.taskId, job.signal, (status) => {
          if (status === 'running') job.onProgress({ percent: 30, message: '生成中' });
        });
        const units = usageOf(task.usage, ['completion_tokens', 'total_tokens'], 0);
        return { value: { ...created, task }, units };
      },
    );
    const saved = await saveResult({
      url: task.content?.video_url,
      kind: 'video',
      workDir: job.workDir,
      name: 'ark-video',
      signal: job.signal,
    });
    return [{ ...saved, provider: { provider: 'ark', model, requestId, taskId } }];
  };

  const run = async (job: EngineJob): Promise<EngineOutput[]> => {
    if (job.signal.aborted) throw abortError();
    const recipe = recipeFor(job);
    return collectOutputs(job, async () => {
      if (recipe.api === 'video') return video(job, recipe);
      const outputs: EngineOutput[] = [];
      for (let i = 0; i < pictureCount(job.params); i += 1)
        outputs.push(...(await picture(job, recipe, i)));
      return outputs;
    });
  };

  /**
   * Querying a task id that does not exist checks the key without making anything: a good key
   * gets 404 ResourceNotFound (the code is our reading), a bad one 401.
   */
  const health = async (): Promise<EngineHealth> => {
    try {
      await client.getTask('cgt-health-probe', AbortSignal.timeout(5000));
      return { status: 'up', detail: models.seedream };
    } catch (e) {
      if (e instanceof EngineError && /NotFound/.test(e.detail ?? ''))
        return { status: 'up', detail: models.seedream };
      return { status: 'down', detail: e instanceof EngineError ? e.detail : String(e) };
    }
  };

  return { id: 'ark', capabilities, health, run };
};
