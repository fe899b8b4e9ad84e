import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { abortError, EngineError } from '../engine';
import type { Engine, EngineFile, EngineHealth, EngineJob, EngineOutput } from '../engine';
import { createBackendPool } from './comfyui-backends';
import type { BackendPool, ComfyBackend } from './comfyui-backends';
import { ComfyUnreachableError, outputFiles } from './comfyui.client';
import type { ComfyOutputFile, ComfyUiClient } from './comfyui.client';
import { runPrompt } from './comfyui-run';
import { insertLora, loraUseOf } from './lora-insert';
import { imageInfo, videoInfo } from './media-probe';
import { bindWorkflow, filesToUpload } from './workflow-binding';
import type { WorkflowBinding } from './workflow-binding';
import { loadWorkflowCatalog } from './workflow-catalog';
import type { WorkflowCatalog } from './workflow-catalog';

export interface ComfyUiEngineOptions {
  /** COMFYUI_URL, e.g. http://gpu-1:8188, or one URL per backend (jobs spread over them). */
  baseUrl: string | readonly string[];
  /** COMFYUI_AUTH: "Bearer <token>", "user:password", or a bare token. */
  auth?: string;
  /** COMFYUI_WORKFLOWS_DIR: operator templates that replace or add to the built-in ones. */
  workflowsDir?: string;
  /** Whole-run deadline, queueing included. Default 15 minutes (videos are slow). */
  timeoutMs?: number;
  /** While the WebSocket is down, how often to ask /history. Default 1.5 s. */
  pollIntervalMs?: number;
  reconnectDelayMs?: number;
  /** Several backends: how long a run waits on an unreachable one before moving. Default 5 s. */
  lostAfterMs?: number;
  /** Several backends: how long a failed one is skipped before it is probed again. */
  retryAfterMs?: number;
}

export interface ComfyUiEngine extends Engine {
  readonly catalog: WorkflowCatalog;
  readonly pool: BackendPool;
}

const VIDEO_EXT = new Set(['.mp4', '.webm', '.mov', '.mkv', '.gif']);
const MIME: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.mkv': 'video/x-matroska',
};

/**
 * `{prompt}` for a job that came without a composed prompt (an engine called directly): the
 * designer's words and the raw render phrases, the words dropped under ignoreWordAndImage.
 */
const fallbackPrompt = (params: Record<string, unknown>) =>
  (params.ignoreWordAndImage === true ? [] : ['promptTxt'])
    .concat(['view', 'atmosphere', 'environment'])
    .map((k) => params[k])
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '' && v !== 'auto')
    .map((v) => v.trim())
    .join(', ');

/**
 * A structure-guarded second run (EngineJob.strictStructure): templates that bind cnStrength
 * (ControlNet strength up, denoise down) and lock hold the input harder, and the prompt says so.
 */
const STRICT_CN_STRENGTH = 0.9;
const strictParams = (params: Record<string, unknown>) => ({
  cnStrength: Math.max(STRICT_CN_STRENGTH, Number(params.cnStrength) || 0),
  lock: true,
});
const strictPrefix = (job: EngineJob) =>
  job.strictStructure
    ? 'exact same composition, camera angle and perspective as the input, every wall, window and piece of furniture in place, '
    : '';

/** Pictures a job asks for (`count`, 1 to 4; absent means one). */
const pictureCount = (params: Record<string, unknown>) =>
  typeof params.count === 'number' && Number.isInteger(params.count)
    ? Math.min(4, Math.max(1, params.count))
    : 1;

const bindsParam = (binding: WorkflowBinding, param: string) =>
  binding.bindings.some((b) => b.from === 'param' && b.param === param);

const sizeOf = async (file: EngineFile) => {
  if (file.width && file.height) return { width: file.width, height: file.height };
  const meta = await sharp(file.path).metadata();
  return { width: meta.width, height: meta.height };
};

/**
 * The ComfyUI engine: picks the tool's workflow, uploads the job's images, binds parameters,
 * runs the prompt and downloads what the output nodes saved. Templates are loaded (and checked)
 * here, so a broken operator template stops the server at boot rather than failing a job.
 */
export const createComfyUiEngine = (options: ComfyUiEngineOptions): ComfyUiEngine => {
  const pool = createBackendPool({
    urls: typeof options.baseUrl === 'string' ? [options.baseUrl] : options.baseUrl,
    auth: options.auth,
    retryAfterMs: options.retryAfterMs,
  });
  const several = pool.size > 1;
  const catalog = loadWorkflowCatalog(options.workflowsDir);
  const timeoutMs = options.timeoutMs ?? 15 * 60_000;

  /** Every backend probed: up while one is. */
  const health = async (): Promise<EngineHealth> => {
    await Promise.all(pool.backends.map(pool.probe));
    const up = pool.backends.filter((b) => b.status === 'up');
    if (!several) {
      const only = pool.backends[0]!;
      return { status: only.status === 'up' ? 'up' : 'down', detail: only.detail ?? undefined };
    }
    // One short line (each backend's own detail is in backends(), on the admin engines screen).
    const down = pool.backends.filter((b) => b.status !== 'up').map((b) => b.label);
    return {
      status: up.length > 0 ? 'up' : 'down',
      detail: `${up.length}/${pool.size} 个后端在线${down.length ? `；离线：${down.join('、')}` : ''}`,
    };
  };

  const toOutput = async (
    file: ComfyOutputFile,
    destination: string,
    fallback: { width: number; height: number } | undefined,
  ): Promise<EngineOutput> => {
    const ext = path.extname(file.filename).toLowerCase();
    const mime = MIME[ext] ?? 'application/octet-stream';
    if (VIDEO_EXT.has(ext) && ext !== '.gif') {
      const info = await videoInfo(destination);
      const size = info ?? fallback;
      if (!size) throw new EngineError('无法读取生成的视频', `cannot probe ${file.filename}`);
      return {
        path: destination,
        mime,
        kind: 'video',
        width: size.width,
        height: size.height,
        duration: info?.duration,
      };
    }
    const info = await imageInfo(destination);
    const kind = file.animated || (info.duration ?? 0) > 0 ? 'video' : 'image';
    return {
      path: destination,
      mime,
      kind,
      width: info.width,
      height: info.height,
      duration: info.duration,
    };
  };

  /**
   * A job runs on one backend from upload to download. When that backend is lost (unreachable,
   * or silent for lostAfterMs mid-run) it is marked down and the whole job starts again on
   * another one, uploads included; with none left the error is retryable, so the task platform
   * re-queues the task once and then fails it with its tickets refunded.
   */
  const run = async (job: EngineJob): Promise<EngineOutput[]> => {
    const failed = new Set<ComfyBackend>();
    // A trained LoRA is saved on the first backend (training runs there): renders with it go
    // there while it is up.
    const prefer = loraUseOf(job.params) ? pool.backends[0] : undefined;
    for (;;) {
      const { backend, release } = await pool.acquire(failed, prefer).catch((e: unknown) => {
        throw job.signal.aborted ? abortError() : e;
      });
      try {
        const outputs = await runJob(job, backend.client);
        pool.markUp(backend);
        return outputs;
      } catch (e) {
        // fetch and sharp report a cancel in their own words; the worker only knows AbortError.
        if (job.signal.aborted) throw abortError();
        if (!(e instanceof ComfyUnreachableError)) throw e;
        pool.markDown(backend, e.detail ?? e.message);
        failed.add(backend);
        if (failed.size >= pool.size) throw e;
        job.onProgress({ percent: 0, message: '渲染服务切换中' });
      } finally {
        release();
      }
    }
  };

  const runJob = async (job: EngineJob, client: ComfyUiClient): Promise<EngineOutput[]> => {
    const workflow = catalog.find(job.toolId, job.capability);
    if (!workflow)
      throw new EngineError(
        '该功能暂未在渲染服务上配置',
        `no ComfyUI workflow for ${job.toolId}/${job.capability}`,
      );
    // A fresh id per attempt (a retry must not collide with the last attempt's history); the
    // task id rides along in extra_data, which ComfyUI keeps in /history for tracing.
    const promptId = randomUUID();
    job.onProgress({ percent: 0, message: '上传图片' });

    const uploaded: Record<string, string> = {};
    const sizes: Record<string, { width: number; height: number }> = {};
    for (const name of filesToUpload(workflow, job.params)) {
      const file = job.inputs[name];
      if (!file) continue;
      sizes[name] = await sizeOf(file);
      const ext = path.extname(file.path) || '.png';
      uploaded[name] = await client.uploadImage(
        file.path,
        `huijing-${promptId}-${name}${ext}`,
        job.signal,
      );
    }
    // A trained model: its trigger word leads the prompt, and a LoraLoader joins the graph.
    const lora = loraUseOf(job.params);
    const withTrigger = (p: string) =>
      lora?.triggerWord ? [lora.triggerWord, p].filter(Boolean).join(', ') : p;
    const params: Record<string, unknown> = {
      ...job.params,
      ...(job.strictStructure && strictParams(job.params)),
      prompt: withTrigger(strictPrefix(job) + (job.prompt ?? fallbackPrompt(job.params))),
    };
    // The designer pays per picture (runPrice): a template that batches binds `count` itself
    // (text-to-image → batch_size); any other one runs once per picture, each with a fresh seed
    // and its own prompt when the pictures differ (job.prompts: the multi-angle views).
    const runs = bindsParam(workflow.binding, 'count') ? 1 : pictureCount(job.params);
    const files: ComfyOutputFile[] = [];
    for (let i = 0; i < runs; i += 1) {
      // A pinned seed still gives different pictures: seed, seed + 1, …
      const pinned = params.seed;
      const picture = {
        ...params,
        ...(Number.isInteger(pinned) && { seed: (pinned as number) + i }),
        ...(job.prompts?.[i] !== undefined && {
          prompt: withTrigger(strictPrefix(job) + job.prompts[i]!),
        }),
      };
      const bound = bindWorkflow(workflow, { params: picture, uploaded, sizes });
      const graph = lora ? insertLora(bound, lora) : bound;
      job.onProgress({ percent: 5 + (90 * i) / runs, message: '提交任务' });
      const { promptId: ranId, entry } = await runPrompt(client, graph, {
        promptId: i === 0 ? promptId : randomUUID(),
        extraData: { huijing_task_id: job.taskId, huijing_tool_id: job.toolId },
        signal: job.signal,
        timeoutMs,
        range: [5 + (90 * i) / runs, 5 + (90 * (i + 1)) / runs],
        pollIntervalMs: options.pollIntervalMs,
        reconnectDelayMs: options.reconnectDelayMs,
        ...(several && { lostAfterMs: options.lostAfterMs ?? 5_000 }),
        onProgress: (percent, message) => job.onProgress({ percent, message }),
      });
      const produced = outputFiles(entry, workflow.binding.outputs);
      if (!produced.length)
        throw new EngineError(
          '渲染服务没有返回结果',
          `prompt ${ranId} finished with no output files`,
          true,
        );
      files.push(...produced);
    }
    job.onProgress({ percent: 95, message: '下载结果' });
    const fallback = sizes.upload_img;
    const outputs: EngineOutput[] = [];
    for (const [i, file] of files.entries()) {
      const safe = path.basename(file.filename).replace(/[^\w.-]+/g, '_');
      const destination = path.join(job.workDir, `comfyui-${i}-${safe}`);
      await client.download(file, destination, job.signal);
      outputs.push(await toOutput(file, destination, fallback));
    }
    job.onProgress({ percent: 100 });
    return outputs;
  };

  return {
    id: 'comfyui',
    capabilities: catalog.capabilities,
    catalog,
    pool,
    health,
    run,
    backends: pool.snapshot,
  };
};
