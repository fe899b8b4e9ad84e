import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { allTools } from '@huijing/tools';
import { deadlineSignal } from './deadline-signal';
import { abortError, EngineError } from './engine';
import type { Capability, EngineJob, EngineOutput } from './engine';
import { probeVideo, resolveBinaries } from './local/ffmpeg-runner';

/**
 * Hosted providers answer with signed links that expire (DashScope and Ark: 24 h, sometimes
 * sooner once fetched), so every result is fetched the moment its task succeeds, written into the
 * job's work directory, and checked to be what was asked for before anyone relies on it.
 */

export interface ResultSpec {
  url?: string;
  /** Base64 bytes instead of a link (Ark's b64_json). */
  base64?: string;
  kind: 'image' | 'video';
  workDir: string;
  /** File name without extension. */
  name: string;
  signal: AbortSignal;
  /** When the request fixed the size, the answer must have it. */
  expected?: { width: number; height: number };
  timeoutMs?: number;
}

const fetchBytes = async (url: string, signal: AbortSignal, timeoutMs: number) => {
  const shown = url.replace(/\?.*$/, '');
  const deadline = deadlineSignal(signal, timeoutMs);
  try {
    // The link is signed by the provider's storage: no API key goes with it.
    const res = await fetch(url, { signal: deadline.signal }).catch((e: Error) => {
      if (signal.aborted) throw abortError();
      throw new EngineError('下载生成结果失败，请重试', `${shown}: ${String(e.cause ?? e)}`, true);
    });
    if (!res.ok)
      // An expired link (OSS/TOS answer 403) stays expired: asking again gets the same answer.
      throw new EngineError(
        '下载生成结果失败，请重试',
        `${shown}: HTTP ${res.status}`,
        res.status >= 500,
      );
    return Buffer.from(await res.arrayBuffer());
  } catch (e) {
    if (signal.aborted) throw abortError();
    throw e;
  } finally {
    deadline.done();
  }
};

const checkSize = (got: { width: number; height: number }, spec: ResultSpec, what: string) => {
  const want = spec.expected;
  if (want && (got.width !== want.width || got.height !== want.height))
    throw new EngineError(
      '生成结果的尺寸与请求不符，请重试',
      `${what} is ${got.width}x${got.height}, asked for ${want.width}x${want.height}`,
    );
};

export const saveResult = async (spec: ResultSpec): Promise<EngineOutput> => {
  let bytes: Buffer;
  if (spec.base64 !== undefined) bytes = Buffer.from(spec.base64, 'base64');
  else if (spec.url) bytes = await fetchBytes(spec.url, spec.signal, spec.timeoutMs ?? 120_000);
  else throw new EngineError('生成服务没有返回结果', 'result without url or data', true);
  if (bytes.length === 0) throw new EngineError('生成服务返回了空文件', spec.name, true);

  if (spec.kind === 'image') {
    const meta = await sharp(bytes)
      .metadata()
      .catch((e: Error) => {
        throw new EngineError('生成服务返回的不是图片', `${spec.name}: ${e.message}`, true);
      });
    checkSize(meta, spec, spec.name);
    const ext = meta.format === 'jpeg' ? 'jpg' : meta.format;
    const file = path.join(spec.workDir, `${spec.name}.${ext}`);
    await fs.writeFile(file, bytes);
    return { path: file, mime: `image/${meta.format}`, kind: 'image', ...pick(meta) };
  }

  const file = path.join(spec.workDir, `${spec.name}.mp4`);
  await fs.writeFile(file, bytes);
  const info = await probeVideo(resolveBinaries({}), file).catch(() => undefined);
  if (!info || info.width === 0 || info.height === 0) {
    await fs.rm(file, { force: true });
    throw new EngineError('生成服务返回的不是可播放的视频', `${spec.name}: no video stream`, true);
  }
  checkSize(info, spec, spec.name);
  return {
    path: file,
    mime: 'video/mp4',
    kind: 'video',
    width: info.width,
    height: info.height,
    duration: info.duration,
  };
};

const pick = (m: { width: number; height: number }) => ({ width: m.width, height: m.height });

const PROMPT_KEYS = ['promptTxt', 'prompt', 'view', 'atmosphere', 'environment'];

/** The run's prompt when the job carries none: the tool's text fields, joined. */
export const promptOfParams = (params: Record<string, unknown>, keys = PROMPT_KEYS): string =>
  keys
    .map((k) => params[k])
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim())
    .join('，');

/**
 * The prompt of the run's i-th picture for a hosted engine: the tool's Chinese template when the
 * pipeline filled one (`templated`: it already says how to keep the space), else the composed
 * prompt, else the raw parameters.
 */
export const picturePrompt = (
  job: Pick<EngineJob, 'hosted' | 'prompt' | 'prompts' | 'params'>,
  i: number,
): { prompt: string; templated: boolean } => {
  if (job.hosted) return { prompt: job.hosted.prompts?.[i] ?? job.hosted.prompt, templated: true };
  return {
    prompt: job.prompts?.[i] ?? job.prompt ?? promptOfParams(job.params),
    templated: false,
  };
};

/** How many pictures the run pays for (`params.count`, 1–4). */
export const pictureCount = (params: Record<string, unknown>): number =>
  Number.isInteger(params.count) ? Math.min(4, Math.max(1, params.count as number)) : 1;

/**
 * Collects a hosted run's outputs between 0 % and 100 %; a failure after the job was aborted
 * reads as the abort, whatever the provider answered meanwhile.
 */
export const collectOutputs = async (
  job: EngineJob,
  produce: () => Promise<EngineOutput[]>,
): Promise<EngineOutput[]> => {
  job.onProgress({ percent: 0 });
  try {
    const outputs = await produce();
    job.onProgress({ percent: 100 });
    return outputs;
  } catch (e) {
    if (job.signal.aborted) throw abortError();
    throw e;
  }
};

/**
 * The capabilities a hosted engine serves: its mapped ones, and those of tools whose definition
 * names one of its recipes (ToolDefinition.hosted).
 */
export const servedCapabilities = (
  provider: 'dashscope' | 'ark',
  mapped: readonly Capability[],
  recipes: object,
): Capability[] => [
  ...new Set([
    ...mapped,
    ...allTools
      .filter((t) => {
        const name = t.hosted?.[provider]?.recipe;
        return name !== undefined && Object.hasOwn(recipes, name);
      })
      .map((t) => t.capability),
  ]),
];
