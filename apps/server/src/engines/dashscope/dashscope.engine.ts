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
import { recordedCall, usageOf } from '../provider-calls';
import type { ProviderCallSink } from '../provider-calls';
import { createDashScopeClient } from './dashscope.client';
import type { DashScopeClientOptions } from './dashscope.client';
import { capabilityRecipes, defaultDashScopeModels, recipes } from './dashscope-recipes';
import type { DashScopeModels, Recipe, RecipeName } from './dashscope-recipes';

/**
 * Alibaba Model Studio (DashScope): Wan image editing (wanx2.1-imageedit functions), Wan
 * text-to-image and Wan video, each an asynchronous task. Which request serves which capability
 * is data (dashscope-recipes.ts); this file submits, waits, downloads and reports.
 */

export interface DashScopeEngineOptions extends DashScopeClientOptions {
  models?: Partial<DashScopeModels>;
  /** Told about every task submitted (cost rows); failed ones too. */
  recordCall?: ProviderCallSink;
}

const isRecipe = (name: string | undefined): name is RecipeName =>
  name !== undefined && Object.hasOwn(recipes, name);

export const createDashScopeEngine = (options: DashScopeEngineOptions): Engine => {
  const client = createDashScopeClient(options);
  const models = { ...defaultDashScopeModels, ...options.models };
  const capabilities = servedCapabilities(
    'dashscope',
    Object.keys(capabilityRecipes) as Capability[],
    recipes,
  );

  /** The tool's own recipe (its definition, by option), else its capability's. */
  const recipeFor = (job: EngineJob): Recipe => {
    const named = hostedRecipe(getTool(job.toolId), 'dashscope', job.params);
    if (isRecipe(named)) return recipes[named];
    const entry = capabilityRecipes[job.capability];
    if (!entry)
      throw new EngineError(
        '该功能暂未在阿里云百炼上配置',
        `dashscope cannot serve ${job.capability}`,
      );
    return recipes[job.inputs.mask && entry.masked ? entry.masked : entry.recipe];
  };

  /** One task: submit, poll, then fetch its results at once (their links expire). */
  const runTask = async (job: EngineJob, recipe: Recipe, index: number) => {
    const model = models[recipe.model];
    const request = await recipe.build({ job, ...picturePrompt(job, index), model });
    const call = {
      provider: 'dashscope' as const,
      model,
      unit: recipe.kind === 'video' ? ('second' as const) : ('image' as const),
    };
    // Billed by pictures made (usage.image_count) or seconds of video (usage.video_duration).
    const { taskId, requestId, answer } = await recordedCall(
      options.recordCall,
      job,
      call,
      async (ids) => {
        const submitted = await client.submit(
          recipe.path,
          { model, input: request.input, parameters: request.parameters },
          job.signal,
        );
        Object.assign(ids, { requestId: submitted.requestId, providerTaskId: submitted.taskId });
        job.onProgress({ percent: 10, message: '已提交' });
        const answer = await client.wait(submitted.taskId, job.signal, (status) => {
          if (status === 'RUNNING') job.onProgress({ percent: 30, message: '生成中' });
        });
        if (answer.request_id) ids.requestId = answer.request_id;
        const units =
          recipe.kind === 'video'
            ? usageOf(answer.usage, ['video_duration', 'duration'], 0)
            : usageOf(
                answer.usage,
                ['image_count'],
                (answer.output.results ?? []).filter((r) => r.url).length,
              );
        return { value: { ...submitted, answer }, units };
      },
    );
    const provider = {
      provider: 'dashscope',
      model,
      requestId: answer.request_id ?? requestId,
      taskId,
    };
    const urls =
      recipe.kind === 'video'
        ? [answer.output.video_url]
        : (answer.output.results ?? []).filter((r) => r.url).map((r) => r.url);
    if (urls.length === 0 || !urls[0]) {
      const failed = answer.output.results?.find((r) => r.code);
      throw new EngineError(
        '生成服务没有返回结果，请重试',
        `task ${taskId}: ${failed ? `${failed.code} ${failed.message}` : 'no result url'}`,
        true,
      );
    }
    const outputs: EngineOutput[] = [];
    for (const [i, url] of urls.entries()) {
      const saved = await saveResult({
        url,
        kind: recipe.kind,
        workDir: job.workDir,
        name: `dashscope-${index}-${i}`,
        signal: job.signal,
        expected: request.expected,
      });
      outputs.push({ ...saved, provider });
    }
    return outputs;
  };

  const run = async (job: EngineJob): Promise<EngineOutput[]> => {
    if (job.signal.aborted) throw abortError();
    const recipe = recipeFor(job);
    // A run that pays for several pictures gets each, one task apiece (n = 1 keeps the limits).
    const count = recipe.kind === 'image' ? pictureCount(job.params) : 1;
    return collectOutputs(job, async () => {
      const outputs: EngineOutput[] = [];
      for (let i = 0; i < count; i += 1) outputs.push(...(await runTask(job, recipe, i)));
      return outputs;
    });
  };

  /** An unknown task id answers 200 UNKNOWN when the key is good, 401 when it is not. */
  const health = async (): Promise<EngineHealth> => {
    try {
      await client.query('health-probe', AbortSignal.timeout(5000));
      return { status: 'up', detail: models.imageEdit };
    } catch (e) {
      return { status: 'down', detail: e instanceof EngineError ? e.detail : String(e) };
    }
  };

  return { id: 'dashscope', capabilities, health, run };
};
