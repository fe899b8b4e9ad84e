import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeDataUri, expiringFiles, picture, readJson, tinyMp4 } from './hosted-media';

/**
 * A Volcengine Ark stand-in: Seedream's synchronous `POST /api/v3/images/generations` (url or
 * b64_json answers, `WxH` sizes checked against Seedream 4.0's pixel range, data-URI `image`
 * inputs decoded) and Seedance's video tasks (queued → running → succeeded over a few polls,
 * DELETE cancels only a queued one). Errors in Ark's shape `{error: {code, message, param,
 * type}}` with "Request id" in the message; rate limits and moderation refusals on demand;
 * result links that expire.
 */

export interface ArkDoubleKnobs {
  /** Answer this many of the next generation calls 429 RateLimitExceeded.EndpointRPMExceeded. */
  throttle: number;
  /** Refuse the input for moderation (HTTP 400), or fail the video task for its output. */
  sensitive?: 'input' | 'output';
  queuedPolls: number;
  runningPolls: number;
  resultOnce: boolean;
  resultTtlMs: number;
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

export interface ArkDouble {
  url: string;
  apiKey: string;
  knobs: ArkDoubleKnobs;
  received: { path: string; body: Record<string, unknown>; status: number }[];
  tasks: Map<string, VideoTask>;
  polls: string[];
  deletes: { taskId: string; status: number }[];
  fetches: { id: string; status: number }[];
  close(): Promise<void>;
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
  const state: ArkDoubleKnobs = {
    throttle: 0,
    queuedPolls: 1,
    runningPolls: 1,
    resultOnce: true,
    resultTtlMs: 60_000,
    ...knobs,
  };
  const received: ArkDouble['received'] = [];
  const tasks = new Map<string, VideoTask>();
  const polls: string[] = [];
  const deletes: ArkDouble['deletes'] = [];
  let base = '';
  const files = expiringFiles(
    () => base,
    () => ({ once: state.resultOnce, ttlMs: state.resultTtlMs }),
  );

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
    if (!m)
      throw new Refusal(
        400,
        'InvalidParameter',
        'The parameter `size` specified in the request is not valid.',
        'BadRequest',
        'size',
      );
    const [w, h] = [Number(m[1]), Number(m[2])];
    if (w * h < 1280 * 720 || w * h > 4096 * 4096 || w / h > 16 || h / w > 16)
      throw new Refusal(
        400,
        'InvalidParameter',
        'The parameter `size` specified in the request is not valid.',
        'BadRequest',
        'size',
      );
    const png = await picture(w, h, decoded[0]?.bytes);
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
    task.polls += 1;
    if (task.status === 'queued' && task.polls > state.queuedPolls) task.status = 'running';
    if (task.status !== 'running' || task.polls <= state.queuedPolls + state.runningPolls) return;
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
    if (files.serve(req, res)) return;
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

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: Error) => {
      if (!res.headersSent)
        refuse(res, new Refusal(500, 'InternalServiceError', e.message, 'InternalServerError'));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    apiKey,
    knobs: state,
    received,
    tasks,
    polls,
    deletes,
    fetches: files.fetches,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
};
