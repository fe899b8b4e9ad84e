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
 * A Volcengine Ark stand-in: Seedream's synchronous `POST /api/v3/images/generations` (url or
 * b64_json answers, `WxH` sizes checked against Seedream 4.0's pixel range, data-URI `image`
 * inputs decoded) and Seedance's video tasks (queued → running → succeeded over a few polls,
 * DELETE cancels only a queued one). Errors in Ark's shape `{error: {code, message, param,
 * type}}` with "Request id" in the message; rate limits and moderation refusals on demand;
 * result links that expire.
 */

/** `throttle`: generation calls answered 429 RateLimitExceeded.EndpointRPMExceeded. */
export interface ArkDoubleKnobs extends HostedKnobs {
  /** Refuse the input for moderation (HTTP 400), or fail the video task for its output. */
  sensitive?: 'input' | 'output';
  queuedPolls: number;
  runningPolls: number;
}

interface VideoTask {
  id: string;
  model: string;
  content: Record<string, unknown>[];
  status: 'queued' | 'running' | 'cancelled' | 'succeeded' | 'failed';
  polls: number;
  error?: { code: string; message: string };
  videoUrl?: string;
}

export interface ArkDouble extends HostedDouble<ArkDoubleKnobs, VideoTask> {
  deletes: { taskId: string; status: number }[];
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly type = 'BadRequest',
    readonly param = '',
  ) {
    super(message);
  }
}

// Seedance 1.0's frame sizes per resolution and ratio (from its pricing table).
const SEEDANCE_SIZES: Record<string, Record<string, [number, number]>> = {
  '480p': { '16:9': [864, 480], '9:16': [480, 864], '1:1': [640, 640], '4:3': [736, 544] },
  '720p': { '16:9': [1248, 704], '9:16': [704, 1248], '1:1': [960, 960], '4:3': [1120, 832] },
  '1080p': { '16:9': [1920, 1088], '9:16': [1088, 1920], '1:1': [1440, 1440], '4:3': [1664, 1248] },
};

const nearestRatio = (w: number, h: number) =>
  Object.keys(SEEDANCE_SIZES['720p']!).sort((a, b) => {
    const r = (k: string) => {
      const [x, y] = k.split(':').map(Number);
      return Math.abs(Math.log(x! / y! / (w / h)));
    };
    return r(a) - r(b);
  })[0]!;

const command = (text: string, long: string, short: string) =>
  new RegExp(`--(?:${long}|${short})\\s+(\\S+)`).exec(text)?.[1];

export const startArkDouble = async (knobs: Partial<ArkDoubleKnobs> = {}): Promise<ArkDouble> => {
  const apiKey = randomUUID();
  const state: ArkDoubleKnobs = { ...HOSTED_KNOB_DEFAULTS, queuedPolls: 1, ...knobs };
  const received: ArkDouble['received'] = [];
  const tasks = new Map<string, VideoTask>();
  const polls: string[] = [];
  const deletes: ArkDouble['deletes'] = [];
  const { files, listen } = hostedServer(state);

  const send = (res: http.ServerResponse, status: number, body: unknown, requestId: string) => {
    res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': requestId });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: http.ServerResponse, e: Refusal) => {
    const requestId = randomUUID().replace(/-/g, '');
    send(
      res,
      e.status,
      {
        error: {
          code: e.code,
          message: `${e.message} Request id: ${requestId}`,
          param: e.param,
          type: e.type,
        },
      },
      requestId,
    );
  };

  const images = async (body: Record<string, unknown>) => {
    if (!body.model)
      throw new Refusal(400, 'MissingParameter', 'The request is missing the model parameter.');
    if (!body.prompt)
      throw new Refusal(400, 'MissingParameter', 'The request is missing the prompt parameter.');
    const sources = (
      Array.isArray(body.image) ? body.image : body.image ? [body.image] : []
    ) as unknown[];
    const decoded = [];
    for (const s of sources) {
      const d = await decodeDataUri(s);
      if (!d)
        throw new Refusal(
          400,
          'InvalidParameter',
          'The parameter `image` specified in the request is not valid.',
          'BadRequest',
          'image',
        );
      decoded.push(d);
    }
    if (state.sensitive === 'input')
      throw new Refusal(
        400,
        'InputImageSensitiveContentDetected',
        'The request failed because the input image may contain sensitive information.',
      );
    const m = /^(\d+)x(\d+)$/.exec(String(body.size ?? '2048x2048'));
    const [w, h] = m ? [Number(m[1]), Number(m[2])] : [0, 0];
    if (!m || w * h < 1280 * 720 || w * h > 4096 * 4096 || w / h > 16 || h / w > 16)
      throw new Refusal(
        400,
        'InvalidParameter',
        'The parameter `size` specified in the request is not valid.',
        'BadRequest',
        'size',
      );
    const png =
      decoded[0] && takeDrift(state)
        ? await driftedPicture(w, h)
        : await picture(w, h, decoded[0]?.bytes);
    const item =
      body.response_format === 'b64_json'
        ? { b64_json: png.toString('base64'), size: `${w}x${h}` }
        : { url: files.put(png, 'png'), size: `${w}x${h}` };
    return {
      model: body.model,
      created: Math.floor(Date.now() / 1000),
      data: [item],
      usage: {
        generated_images: 1,
        output_tokens: Math.round((w * h) / 256),
        total_tokens: Math.round((w * h) / 256),
      },
    };
  };

  const createTask = async (body: Record<string, unknown>) => {
    const content = (Array.isArray(body.content) ? body.content : []) as Record<string, unknown>[];
    const textItem = content.find((c) => c.type === 'text');
    const frames = content.filter((c) => c.type === 'image_url');
    if (!textItem && frames.length === 0)
      throw new Refusal(400, 'MissingParameter', 'The request is missing the content parameter.');
    for (const f of frames) {
      const url = (f.image_url as { url?: string } | undefined)?.url;
      if (!(await decodeDataUri(url)))
        throw new Refusal(
          400,
          'InvalidParameter',
          'The parameter `content.image_url` specified in the request is not valid.',
          'BadRequest',
          'image_url',
        );
    }
    const roles = frames.map((f) => f.role);
    if (roles.includes('last_frame') && !roles.includes('first_frame'))
      throw new Refusal(400, 'InvalidParameter', 'A last_frame needs a first_frame.');
    if (state.sensitive === 'input')
      throw new Refusal(
        400,
        'InputTextSensitiveContentDetected',
        'The request failed because the input text may contain sensitive information.',
      );
    const task: VideoTask = {
      id: `cgt-${Date.now()}-${randomUUID().slice(0, 5)}`,
      model: String(body.model),
      content,
      status: 'queued',
      polls: 0,
    };
    tasks.set(task.id, task);
    return { id: task.id };
  };

  const advance = async (task: VideoTask) => {
    if (!pollStep(task, 'queued', 'running', state.queuedPolls, state.runningPolls)) return;
    if (state.sensitive === 'output') {
      task.status = 'failed';
      task.error = {
        code: 'OutputVideoSensitiveContentDetected',
        message: 'The generated video may contain sensitive information.',
      };
      return;
    }
    const text = String(task.content.find((c) => c.type === 'text')?.text ?? '');
    const rs = command(text, 'resolution', 'rs') ?? '720p';
    let ratio = command(text, 'ratio', 'rt') ?? '16:9';
    if (ratio === 'adaptive') {
      const first = task.content.find((c) => c.role === 'first_frame' || c.type === 'image_url');
      const img = await decodeDataUri((first?.image_url as { url: string }).url);
      ratio = nearestRatio(img!.width, img!.height);
    }
    const [w, h] = SEEDANCE_SIZES[rs]?.[ratio] ?? [1248, 704];
    task.videoUrl = files.put(await tinyMp4(w, h), 'mp4');
    task.status = 'succeeded';
  };

  const view = (task: VideoTask) => ({
    id: task.id,
    model: task.model,
    status: task.status,
    error: task.error ?? null,
    created_at: Math.floor(Date.now() / 1000),
    updated_at: Math.floor(Date.now() / 1000),
    ...(task.videoUrl ? { content: { video_url: task.videoUrl } } : {}),
    ...(task.status === 'succeeded'
      ? { usage: { completion_tokens: 108900, total_tokens: 108900 } }
      : {}),
  });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://double');
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return refuse(
        res,
        new Refusal(
          401,
          'AuthenticationError',
          'The API key or AK/SK in the request is missing or invalid.',
          'Unauthorized',
        ),
      );
    const requestId = randomUUID().replace(/-/g, '');
    const taskRoute = /^\/api\/v3\/contents\/generations\/tasks(?:\/([^/]+))?$/.exec(url.pathname);
    if (taskRoute?.[1] && (req.method === 'GET' || req.method === 'DELETE')) {
      const id = decodeURIComponent(taskRoute[1]);
      const task = tasks.get(id);
      if (!task)
        return refuse(
          res,
          new Refusal(404, 'ResourceNotFound', 'The specified task is not found.', 'NotFound'),
        );
      if (req.method === 'GET') {
        polls.push(id);
        await advance(task);
        return send(res, 200, view(task), requestId);
      }
      if (task.status !== 'queued') {
        deletes.push({ taskId: id, status: 409 });
        return refuse(
          res,
          new Refusal(
            409,
            'InvalidAction.TaskNotCancellable',
            'A running task cannot be cancelled.',
            'Conflict',
          ),
        );
      }
      task.status = 'cancelled';
      deletes.push({ taskId: id, status: 200 });
      return send(res, 200, {}, requestId);
    }
    const isImages = req.method === 'POST' && url.pathname === '/api/v3/images/generations';
    const isCreate = req.method === 'POST' && taskRoute && !taskRoute[1];
    if (!isImages && !isCreate)
      return refuse(res, new Refusal(404, 'NotFound', 'Not found.', 'NotFound'));
    const body = await readJson(req);
    const record = (status: number) => received.push({ path: url.pathname, body, status });
    try {
      if (state.throttle > 0) {
        state.throttle -= 1;
        throw new Refusal(
          429,
          'RateLimitExceeded.EndpointRPMExceeded',
          'The request has exceeded the RPM rate limit of the endpoint.',
          'TooManyRequests',
        );
      }
      const answer = isImages ? await images(body) : await createTask(body);
      record(200);
      return send(res, 200, answer, requestId);
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      record(e.status);
      return refuse(res, e);
    }
  };

  const server = await listen(handle, (res, e) =>
    refuse(res, new Refusal(500, 'InternalServiceError', e.message, 'InternalServerError')),
  );
  return { ...server, apiKey, knobs: state, received, tasks, polls, deletes };
};
