import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import {
  decodeDataUri,
  driftedPicture,
  HOSTED_KNOB_DEFAULTS,
  hostedServer,
  picture,
  pollStep,
  readJson,
  takeDrift,
  tinyMp4,
} from './hosted-media';
import type { HostedDouble, HostedKnobs } from './hosted-media';

/**
 * A DashScope (Alibaba Model Studio) stand-in speaking its asynchronous task protocol: Bearer
 * keys with the documented 401 bodies, `X-DashScope-Async: enable` required on task creation,
 * tasks that go PENDING → RUNNING → SUCCEEDED over a few polls, PENDING-only cancel, UNKNOWN for
 * ids it never issued, result links that expire, and throttling or moderation failures on demand.
 * It decodes the data-URI inputs and answers with real pictures (and tiny real MP4s) whose size
 * follows the request. It also speaks the OpenAI-compatible chat mode Qwen runs on
 * (`/compatible-mode/v1/chat/completions`): Bearer key, OpenAI's body and error envelope, data-URI
 * pictures decoded, and refused for a model without vision.
 */

/** `throttle`: task creations answered 429 Throttling.RateQuota. */
export interface DashScopeDoubleKnobs extends HostedKnobs {
  /** Moderation refusal: at creation (HTTP 400) or when the task ends (FAILED). */
  inspect?: 'submit' | 'task';
  /** End tasks FAILED with this code. */
  failTask?: { code: string; message: string };
  /** Answer this many of the next task creations with HTTP 500 InternalError. */
  serverErrors?: number;
  /** Polls a task answers PENDING, then RUNNING, before it succeeds. */
  pendingPolls: number;
  runningPolls: number;
}

interface Task {
  id: string;
  path: string;
  body: Record<string, unknown>;
  status: 'PENDING' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELED';
  polls: number;
  submitted: string;
  output?: Record<string, unknown>;
  usage?: Record<string, unknown>;
}

/** `received`: task creations that got past auth and the async header. */
export interface DashScopeDouble extends HostedDouble<DashScopeDoubleKnobs, Task> {
  cancels: { taskId: string; status: number }[];
  /** Tasks PENDING or RUNNING now, and the most there ever were at once (the account's limit). */
  load: { inFlight: () => number; max: number };
  /** Compatible-mode chat requests: model, the data-URI pictures decoded, the answer's status. */
  chats: { model: string; images: { width: number; height: number }[]; status: number }[];
  /** What the chat models answer. */
  chatReply: { content: string };
}

const CHAT = '/compatible-mode/v1/chat/completions';
/** Qwen-VL models take pictures; the text models refuse them, as DashScope does. */
const VISION_MODEL = /-vl-/;

type ChatPart = { type?: string; image_url?: { url?: string } };

const IMAGE_EDIT = '/api/v1/services/aigc/image2image/image-synthesis';
const TEXT_TO_IMAGE = '/api/v1/services/aigc/text2image/image-synthesis';
const VIDEO = '/api/v1/services/aigc/video-generation/video-synthesis';
const FIRST_LAST = '/api/v1/services/aigc/image2video/video-synthesis';
const FUNCTIONS = [
  'stylization_all',
  'stylization_local',
  'description_edit',
  'description_edit_with_mask',
  'remove_watermark',
  'expand',
  'super_resolution',
  'colorization',
  'doodle',
  'control_cartoon_feature',
];

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Video models Alibaba lists with fewer tiers than all three; others take any. */
const MODEL_TIERS: Record<string, string[]> = {
  'wan2.2-i2v-plus': ['480P', '1080P'],
  'wan2.2-t2v-plus': ['480P', '1080P'],
  'wanx2.1-i2v-plus': ['720P'],
  'wanx2.1-kf2v-plus': ['720P'],
};
const tierOffered = (model: unknown, tier: string) =>
  MODEL_TIERS[String(model)]?.includes(tier) ?? true;

const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);
const TIERS: Record<string, number> = { '480P': 480, '720P': 720, '1080P': 1080 };

/** The picture(s) a finished task answers with, sized as the real service sizes them. */
const produce = async (
  path: string,
  body: Record<string, unknown>,
  knobs: { drift: number | 'all' },
) => {
  const input = (body.input ?? {}) as Record<string, unknown>;
  const params = (body.parameters ?? {}) as Record<string, unknown>;
  const bad = (message: string) => new Refusal(400, 'InvalidParameter', message);
  if (path === IMAGE_EDIT) {
    if (!FUNCTIONS.includes(String(input.function))) throw bad('input.function is invalid');
    const base = await decodeDataUri(input.base_image_url);
    if (!base) throw bad('The image url is invalid.');
    const { width: w, height: h } = base;
    if (Math.min(w, h) < 512 || Math.max(w, h) > 4096)
      throw bad('The size of input image must be in [512, 4096].');
    if (input.function === 'description_edit_with_mask') {
      const mask = await decodeDataUri(input.mask_image_url);
      if (!mask) throw bad('mask_image_url is required for description_edit_with_mask');
      if (mask.width !== w || mask.height !== h)
        throw bad('The mask image must have the same resolution as the base image.');
    }
    let [width, height] = [w, h];
    if (input.function === 'super_resolution') {
      const f = Number(params.upscale_factor ?? 1);
      if (!Number.isInteger(f) || f < 1 || f > 4) throw bad('upscale_factor must be in [1, 4]');
      [width, height] = [w * f, h * f];
    }
    if (input.function === 'expand') {
      const s = (k: string) => Number(params[k] ?? 1);
      for (const k of ['top_scale', 'bottom_scale', 'left_scale', 'right_scale'])
        if (s(k) < 1 || s(k) > 2) throw bad(`${k} must be in [1.0, 2.0]`);
      width = Math.round((w * (s('left_scale') + s('right_scale'))) / 2);
      height = Math.round((h * (s('top_scale') + s('bottom_scale'))) / 2);
    }
    const bytes = takeDrift(knobs)
      ? await driftedPicture(width, height)
      : await picture(width, height, base.bytes);
    return { kind: 'image' as const, bytes };
  }
  if (path === TEXT_TO_IMAGE) {
    if (!input.prompt) throw bad('input.prompt is required');
    const [width, height] = String(params.size ?? '1024*1024')
      .split('*')
      .map(Number);
    if (!(width! >= 512 && width! <= 1440 && height! >= 512 && height! <= 1440))
      throw bad('size must be in [512, 1440] per side');
    return { kind: 'image' as const, bytes: await picture(width!, height!) };
  }
  if (path === VIDEO || path === FIRST_LAST) {
    const first = path === VIDEO ? input.img_url : input.first_frame_url;
    if (path === FIRST_LAST && !(await decodeDataUri(input.last_frame_url)))
      throw bad('last_frame_url is invalid');
    if (first === undefined && path === VIDEO) {
      if (!input.prompt) throw bad('input.prompt is required');
      const [width, height] = String(params.size ?? '1920*1080')
        .split('*')
        .map(Number);
      return { kind: 'video' as const, bytes: await tinyMp4(width!, height!) };
    }
    const image = await decodeDataUri(first);
    if (!image) throw bad('The image url is invalid.');
    const tier = TIERS[String(params.resolution ?? '720P')];
    if (!tier || !tierOffered(body.model, String(params.resolution ?? '720P')))
      throw bad('resolution is invalid');
    const scale = tier / Math.min(image.width, image.height);
    return {
      kind: 'video' as const,
      bytes: await tinyMp4(even(image.width * scale), even(image.height * scale)),
    };
  }
  throw new Refusal(404, 'NotFound', 'Not found');
};

export const startDashScopeDouble = async (
  knobs: Partial<DashScopeDoubleKnobs> = {},
): Promise<DashScopeDouble> => {
  const apiKey = `sk-${randomUUID().replace(/-/g, '')}`;
  const state: DashScopeDoubleKnobs = { ...HOSTED_KNOB_DEFAULTS, pendingPolls: 1, ...knobs };
  const received: DashScopeDouble['received'] = [];
  const tasks = new Map<string, Task>();
  const polls: string[] = [];
  const cancels: DashScopeDouble['cancels'] = [];
  const chats: DashScopeDouble['chats'] = [];
  const chatReply = {
    content: '{"zh":"奶油风客厅","en":"cream style living room","tags":["奶油风"]}',
  };
  const { files, listen } = hostedServer(state);

  const load: DashScopeDouble['load'] = {
    inFlight: () =>
      [...tasks.values()].filter((t) => t.status === 'PENDING' || t.status === 'RUNNING').length,
    max: 0,
  };
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: http.ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { request_id: randomUUID(), code, message });

  /** A poll moves the task on; on success its results are made and linked then. */
  const advance = async (task: Task) => {
    if (!pollStep(task, 'PENDING', 'RUNNING', state.pendingPolls, state.runningPolls)) return;
    const failure =
      state.inspect === 'task'
        ? {
            code: 'DataInspectionFailed',
            message: 'Output data may contain inappropriate content.',
          }
        : state.failTask;
    if (failure) {
      task.status = 'FAILED';
      task.output = failure;
      return;
    }
    try {
      const made = await produce(task.path, task.body, state);
      const url = files.put(made.bytes, made.kind === 'video' ? 'mp4' : 'png');
      task.status = 'SUCCEEDED';
      task.output =
        made.kind === 'video'
          ? { video_url: url }
          : { results: [{ url }], task_metrics: { TOTAL: 1, SUCCEEDED: 1, FAILED: 0 } };
      task.usage =
        made.kind === 'video' ? { video_count: 1, video_duration: 5 } : { image_count: 1 };
    } catch (e) {
      task.status = 'FAILED';
      task.output =
        e instanceof Refusal
          ? { code: e.code, message: e.message }
          : { code: 'InternalError', message: String(e) };
    }
  };

  const taskView = (task: Task) => ({
    request_id: randomUUID(),
    output: {
      task_id: task.id,
      task_status: task.status,
      submit_time: task.submitted,
      ...(task.status === 'SUCCEEDED' || task.status === 'FAILED'
        ? { scheduled_time: task.submitted, end_time: new Date().toISOString() }
        : {}),
      ...task.output,
    },
    ...(task.usage ? { usage: task.usage } : {}),
  });

  /** OpenAI's error envelope, as compatible mode answers it (with DashScope's request id). */
  const chatError = (res: http.ServerResponse, status: number, code: string, message: string) =>
    send(res, status, {
      error: { message, type: 'invalid_request_error', param: null, code },
      request_id: randomUUID(),
    });

  /** Compatible mode: OpenAI's chat completions shape, Bearer key, pictures as data URIs. */
  const chat = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return chatError(res, 401, 'invalid_api_key', 'Incorrect API key provided.');
    const body = await readJson(req);
    const model = String(body.model ?? '');
    const parts = ((body.messages ?? []) as { content?: unknown }[]).flatMap((m) =>
      Array.isArray(m.content) ? (m.content as ChatPart[]) : [],
    );
    const images: { width: number; height: number }[] = [];
    for (const part of parts.filter((p) => p.type === 'image_url')) {
      const image = await decodeDataUri(part.image_url?.url);
      if (!image) {
        chats.push({ model, images, status: 400 });
        return chatError(res, 400, 'invalid_parameter_error', 'The image url is invalid.');
      }
      images.push({ width: image.width, height: image.height });
    }
    const refuse = !model
      ? 'model is required'
      : images.length > 0 && !VISION_MODEL.test(model)
        ? `The model ${model} does not support image input.`
        : undefined;
    chats.push({ model, images, status: refuse ? 400 : 200 });
    if (refuse) return chatError(res, 400, 'invalid_parameter_error', refuse);
    const id = `chatcmpl-${randomUUID()}`;
    const created = Math.floor(Date.now() / 1000);
    if (body.stream === true) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: object, finish: string | null) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.write(chunk({ role: 'assistant', content: chatReply.content }, null));
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
      return;
    }
    return send(res, 200, {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: chatReply.content },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    });
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://double');
    if (url.pathname === CHAT && req.method === 'POST') return chat(req, res);
    const auth = req.headers.authorization;
    if (!auth) return refuse(res, 401, 'InvalidApiKey', 'No API-key provided.');
    if (auth !== `Bearer ${apiKey}`)
      return refuse(res, 401, 'InvalidApiKey', 'Invalid API-key provided.');

    const taskPath = /^\/api\/v1\/tasks\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    if (taskPath && req.method === 'GET' && !taskPath[2]) {
      const id = decodeURIComponent(taskPath[1]!);
      polls.push(id);
      const task = tasks.get(id);
      if (!task)
        return send(res, 200, {
          request_id: randomUUID(),
          output: { task_id: id, task_status: 'UNKNOWN' },
        });
      await advance(task);
      return send(res, 200, taskView(task));
    }
    if (taskPath && req.method === 'POST' && taskPath[2]) {
      const task = tasks.get(decodeURIComponent(taskPath[1]!));
      if (task?.status !== 'PENDING') {
        cancels.push({ taskId: taskPath[1]!, status: 400 });
        return refuse(
          res,
          400,
          'UnsupportedOperation',
          'Failed to cancel the task, please confirm if the task is in PENDING status.',
        );
      }
      task.status = 'CANCELED';
      cancels.push({ taskId: task.id, status: 200 });
      return send(res, 200, { request_id: randomUUID() });
    }
    if (
      req.method !== 'POST' ||
      ![IMAGE_EDIT, TEXT_TO_IMAGE, VIDEO, FIRST_LAST].includes(url.pathname)
    )
      return refuse(res, 404, 'NotFound', 'Not found');
    if (req.headers['x-dashscope-async'] !== 'enable')
      return refuse(
        res,
        403,
        'AccessDenied',
        'current user api does not support synchronous calls',
      );
    const body = await readJson(req);
    const record = (status: number) => received.push({ path: url.pathname, body, status });
    if (body.__invalid !== undefined) {
      record(400);
      return refuse(res, 400, 'InvalidParameter', 'Request body is not valid JSON.');
    }
    if (state.throttle > 0) {
      state.throttle -= 1;
      record(429);
      return refuse(
        res,
        429,
        'Throttling.RateQuota',
        'Requests rate limit exceeded, please try again later.',
      );
    }
    if ((state.serverErrors ?? 0) > 0) {
      state.serverErrors! -= 1;
      record(500);
      return refuse(res, 500, 'InternalError', 'An internal error has occured, please try again.');
    }
    if (state.inspect === 'submit') {
      record(400);
      return refuse(
        res,
        400,
        'DataInspectionFailed',
        'Input data may contain inappropriate content.',
      );
    }
    if (typeof body.model !== 'string' || !body.model) {
      record(400);
      return refuse(res, 400, 'InvalidParameter', 'Model not exist.');
    }
    record(200);
    const task: Task = {
      id: randomUUID(),
      path: url.pathname,
      body,
      status: 'PENDING',
      polls: 0,
      submitted: new Date().toISOString(),
    };
    tasks.set(task.id, task);
    load.max = Math.max(load.max, load.inFlight());
    return send(res, 200, {
      request_id: randomUUID(),
      output: { task_id: task.id, task_status: 'PENDING' },
    });
  };

  const server = await listen(handle, (res, e) => refuse(res, 500, 'InternalError', e.message));
  return {
    ...server,
    apiKey,
    knobs: state,
    received,
    tasks,
    polls,
    cancels,
    load,
    chats,
    chatReply,
  };
};
