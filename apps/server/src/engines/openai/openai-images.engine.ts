import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { aspectSize } from '@huijing/tools';
import { abortError, EngineError } from '../engine';
import type { Capability, Engine, EngineHealth, EngineJob, EngineOutput } from '../engine';
import { deadlineSignal } from '../deadline-signal';
import { multipartBody } from '../multipart-body';
import { strictStructurePrefix } from '../hosted-call';
import { collectOutputs, pictureCount, promptOfParams } from '../hosted-results';

/**
 * An OpenAI-compatible images API (POST /images/generations, POST /images/edits) as a second
 * path for text-to-image and image editing. It does not serve "render": an edit redraws the
 * whole picture from the prompt and keeps no structural control (no ControlNet), so calling it
 * a structure-preserving render would promise designers something it cannot keep.
 */

export interface OpenAiImagesEngineOptions {
  /** OPENAI_IMAGES_BASE_URL including the version, e.g. https://api.openai.com/v1 */
  baseUrl: string;
  /** OPENAI_IMAGES_API_KEY */
  apiKey: string;
  /** OPENAI_IMAGES_MODEL, e.g. gpt-image-1, dall-e-3 */
  model: string;
  /** Per request; image models commonly take 30-90 s. Default 3 minutes. */
  timeoutMs?: number;
  /** Sizes the model accepts, for compatible servers whose model is not one of OpenAI's. */
  sizes?: string[];
}

const SIZES: [RegExp, string[]][] = [
  [/^dall-e-2/, ['256x256', '512x512', '1024x1024']],
  [/^dall-e-3/, ['1024x1024', '1792x1024', '1024x1792']],
  [/^gpt-image/, ['1024x1024', '1536x1024', '1024x1536']],
];
const DEFAULT_SIZES = ['1024x1024', '1536x1024', '1024x1536'];

export const supportedSizes = (model: string): string[] =>
  SIZES.find(([re]) => re.test(model))?.[1] ?? DEFAULT_SIZES;

/** The supported size whose aspect ratio is nearest the wanted one. */
export const chooseSize = (sizes: string[], width: number, height: number): string => {
  const want = Math.log(width / height);
  const ratio = (s: string) => {
    const [w, h] = s.split('x').map(Number);
    return Math.log(w! / h!);
  };
  return [...sizes].sort((a, b) => Math.abs(ratio(a) - want) - Math.abs(ratio(b) - want))[0]!;
};

const promptOf = (params: Record<string, unknown>): string =>
  promptOfParams(params, ['promptTxt', 'view', 'atmosphere', 'environment']);

type Data = { b64_json?: string; url?: string }[];

interface ApiError {
  error?: { message?: string; type?: string; code?: string | null; param?: string | null };
}

/** The API's error envelope mapped to what a designer should read. */
const apiError = async (res: Response): Promise<EngineError> => {
  const text = await res.text();
  let body: ApiError = {};
  try {
    body = JSON.parse(text) as ApiError;
  } catch {
    // A gateway's HTML page; the raw text goes to the log.
  }
  const e = body.error ?? {};
  const detail = `HTTP ${res.status} ${e.code ?? e.type ?? ''}: ${e.message ?? text.slice(0, 300)}`;
  if (res.status === 401) return new EngineError('图像服务密钥无效，请联系管理员', detail);
  if (res.status === 403) return new EngineError('图像服务拒绝了访问，请联系管理员', detail);
  if (res.status === 429)
    return e.code === 'insufficient_quota'
      ? new EngineError('图像服务额度已用完，请联系管理员', detail)
      : new EngineError('图像服务繁忙，请稍后重试', detail, true);
  if (res.status >= 500) return new EngineError('图像服务暂时不可用，请稍后重试', detail, true);
  if (
    /content_policy|moderation|safety/i.test(`${e.code} ${e.type}`) ||
    /safety system|content policy/i.test(e.message ?? '')
  )
    return new EngineError('内容未通过安全审核，请修改描述或图片后重试', detail);
  return new EngineError('图像服务无法处理该请求', detail);
};

/** OpenAI's mask: fully transparent pixels are edited. Ours: white is the painted region. */
const toOpenAiMask = async (maskPath: string, width: number, height: number): Promise<Buffer> => {
  const alpha = await sharp(maskPath)
    .resize(width, height, { fit: 'fill' })
    .greyscale()
    .negate({ alpha: false })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .joinChannel(alpha, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
};

export const createOpenAiImagesEngine = (options: OpenAiImagesEngineOptions): Engine => {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 3 * 60_000;
  const sizes = options.sizes ?? supportedSizes(options.model);
  // gpt-image models always answer in base64 and reject response_format; the DALL·E models and
  // most compatible servers default to a URL unless asked.
  const askForBase64 = !/^gpt-image/.test(options.model);
  const capabilities: readonly Capability[] = ['text-to-image', 'image-edit'];

  const call = async (
    route: string,
    body: string | Uint8Array,
    signal: AbortSignal,
    contentType: string,
  ) => {
    const headers = { authorization: `Bearer ${options.apiKey}`, 'content-type': contentType };
    let res: Response;
    try {
      res = await fetch(`${base}${route}`, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
    } catch (e) {
      if (signal.aborted) throw abortError();
      if ((e as Error).name === 'TimeoutError')
        throw new EngineError(
          '图像生成超时，请稍后重试',
          `${route}: no answer in ${timeoutMs} ms`,
          true,
        );
      throw new EngineError(
        '图像服务暂时无法连接，请稍后重试',
        `${route}: ${String((e as Error).cause ?? e)}`,
        true,
      );
    }
    if (!res.ok) throw await apiError(res);
    return (await res.json()) as { data?: Data };
  };

  const save = async (job: EngineJob, data: Data | undefined): Promise<EngineOutput[]> => {
    if (!data?.length) throw new EngineError('图像服务没有返回图片', 'empty data array', true);
    const outputs: EngineOutput[] = [];
    for (const [i, item] of data.entries()) {
      let bytes: Buffer;
      if (item.b64_json) bytes = Buffer.from(item.b64_json, 'base64');
      else if (item.url) {
        // Signed storage links: no API key goes to whatever host serves them.
        const res = await fetch(item.url, { signal: job.signal }).catch((e: Error) => {
          if (job.signal.aborted) throw abortError();
          throw new EngineError('下载生成的图片失败', `${item.url}: ${e.message}`, true);
        });
        if (!res.ok)
          throw new EngineError('下载生成的图片失败', `${item.url}: HTTP ${res.status}`, true);
        bytes = Buffer.from(await res.arrayBuffer());
      } else
        throw new EngineError('图像服务没有返回图片', 'data item without b64_json or url', true);
      const meta = await sharp(bytes).metadata();
      const ext = meta.format === 'jpeg' ? 'jpg' : meta.format;
      const file = path.join(job.workDir, `openai-${i}.${ext}`);
      await fs.writeFile(file, bytes);
      outputs.push({
        path: file,
        mime: `image/${meta.format}`,
        kind: 'image',
        width: meta.width,
        height: meta.height,
      });
    }
    return outputs;
  };

  /**
   * A run asking for several pictures is charged for each, so it gets each: one request per
   * picture (DALL·E 3 accepts only n = 1, and one at a time keeps every model's limits), the
   * i-th with the i-th prompt when the pictures differ (job.prompts), else the run's prompt.
   */
  const perPicture = async (
    job: EngineJob,
    request: (prompt: string) => Promise<Data | undefined>,
  ) => {
    const count = pictureCount(job.params);
    const common = job.prompt ?? promptOf(job.params);
    const data: Data = [];
    for (let i = 0; i < count; i += 1) {
      job.onProgress({ percent: 10 + (80 * i) / count, message: '已提交' });
      data.push(...((await request(job.prompts?.[i] ?? common)) ?? []));
    }
    return data;
  };

  const generate = async (job: EngineJob) => {
    // The text-to-image tools choose a ratio; the nearest size the model offers follows it.
    const { width, height } =
      typeof job.params.aspectRatio === 'string'
        ? aspectSize(job.params.aspectRatio)
        : { width: Number(job.params.width) || 1024, height: Number(job.params.height) || 1024 };
    const size = chooseSize(sizes, width, height);
    return perPicture(job, async (prompt) => {
      const body = {
        model: options.model,
        prompt,
        n: 1,
        size,
        ...(askForBase64 ? { response_format: 'b64_json' } : {}),
      };
      const json = JSON.stringify(body);
      return (await call('/images/generations', json, job.signal, 'application/json')).data;
    });
  };

  const edit = async (job: EngineJob) => {
    const image = job.inputs.upload_img;
    if (!image) throw new EngineError('缺少必需的输入图片', 'image-edit needs upload_img');
    const meta = await sharp(image.path).metadata();
    const size = chooseSize(sizes, meta.width, meta.height);
    const png = await sharp(image.path).png().toBuffer();
    const style = job.inputs.style_img;
    // gpt-image models take several reference images as image[]; the others take one image.
    const stylePng =
      style && /^gpt-image/.test(options.model) ? await sharp(style.path).png().toBuffer() : null;
    const mask = job.inputs.mask
      ? await toOpenAiMask(job.inputs.mask.path, meta.width, meta.height)
      : null;
    return perPicture(job, async (prompt) => {
      const form = new FormData();
      form.append('model', options.model);
      form.append('prompt', strictStructurePrefix(job) + prompt);
      form.append('n', '1');
      form.append('size', size);
      if (askForBase64) form.append('response_format', 'b64_json');
      if (stylePng) {
        form.append('image[]', new Blob([png], { type: 'image/png' }), 'image.png');
        form.append('image[]', new Blob([stylePng], { type: 'image/png' }), 'style.png');
      } else form.append('image', new Blob([png], { type: 'image/png' }), 'image.png');
      if (mask) form.append('mask', new Blob([mask], { type: 'image/png' }), 'mask.png');
      const upload = await multipartBody(form);
      return (await call('/images/edits', upload.body, job.signal, upload.contentType)).data;
    });
  };

  const run = async (job: EngineJob): Promise<EngineOutput[]> => {
    if (job.signal.aborted) throw abortError();
    if (!capabilities.includes(job.capability))
      throw new EngineError(
        '该功能暂未在图像服务上配置',
        `openai-images cannot serve ${job.capability}`,
      );
    return collectOutputs(job, async () =>
      save(job, job.capability === 'image-edit' ? await edit(job) : await generate(job)),
    );
  };

  const health = async (): Promise<EngineHealth> => {
    try {
      const deadline = deadlineSignal(undefined, 5000);
      const res = await fetch(`${base}/models`, {
        headers: { authorization: `Bearer ${options.apiKey}` },
        signal: deadline.signal,
      }).finally(deadline.done);
      if (res.ok) return { status: 'up', detail: options.model };
      // Some compatible servers have no model list; reachable is what matters here.
      if (res.status === 404) return { status: 'up', detail: `${options.model} (no /models)` };
      return { status: 'down', detail: (await apiError(res)).detail };
    } catch (e) {
      return { status: 'down', detail: `${base}/models: ${String((e as Error).cause ?? e)}` };
    }
  };

  return { id: 'openai-images', capabilities, health, run };
};
