import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * An OpenAI images API stand-in (/v1/images/generations JSON, /v1/images/edits multipart) with
 * the real error envelope `{error: {message, type, param, code}}`, bearer-key checks, per-model
 * size validation, and both b64_json and url answers.
 */

export interface OpenAiImagesDoubleKnobs {
  /** Answer every image request with this error until cleared. */
  fail?: { status: number; message: string; type?: string; code?: string | null };
  /** What to answer with when the request does not ask for b64_json. */
  defaultFormat: 'url' | 'b64_json';
  /** Answer in this format whatever was asked, as some compatible servers do. */
  forceFormat?: 'url' | 'b64_json';
  delayMs: number;
}

export interface ReceivedPart {
  name: string;
  value?: string;
  filename?: string;
  type?: string;
  bytes?: Buffer;
}

export interface OpenAiImagesDouble {
  url: string;
  apiKey: string;
  knobs: OpenAiImagesDoubleKnobs;
  received: { path: string; json?: Record<string, unknown>; parts?: ReceivedPart[] }[];
  /** Files fetched through the url answers. */
  downloads: string[];
  close(): Promise<void>;
}

const SIZES: Record<string, string[]> = {
  'dall-e-2': ['256x256', '512x512', '1024x1024'],
  'dall-e-3': ['1024x1024', '1792x1024', '1024x1792'],
  'gpt-image-1': ['1024x1024', '1536x1024', '1024x1536', 'auto'],
};

export const startOpenAiImagesDouble = async (
  knobs: Partial<OpenAiImagesDoubleKnobs> = {},
): Promise<OpenAiImagesDouble> => {
  const apiKey = `sk-test-${randomUUID()}`;
  const state: OpenAiImagesDoubleKnobs = { defaultFormat: 'url', delayMs: 0, ...knobs };
  const received: OpenAiImagesDouble['received'] = [];
  const files = new Map<string, Buffer>();
  const downloads: string[] = [];
  let base = '';

  const error = (
    res: http.ServerResponse,
    status: number,
    e: OpenAiImagesDoubleKnobs['fail'] & object,
  ) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        error: {
          message: e.message,
          type: e.type ?? 'invalid_request_error',
          param: null,
          code: e.code ?? null,
        },
      }),
    );
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://double');
    const file = /^\/files\/(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && file) {
      const data = files.get(file[1]!);
      if (!data) return res.writeHead(404).end();
      downloads.push(file[1]!);
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(data);
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return error(res, 401, {
        status: 401,
        message:
          'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
        code: 'invalid_api_key',
      });
    if (req.method === 'GET' && url.pathname === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          object: 'list',
          data: Object.keys(SIZES).map((id) => ({ id, object: 'model' })),
        }),
      );
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);

    let fields: Record<string, unknown>;
    let source: Buffer | undefined;
    if (req.method === 'POST' && url.pathname === '/v1/images/generations') {
      fields = JSON.parse(raw.toString()) as Record<string, unknown>;
      received.push({ path: url.pathname, json: fields });
    } else if (req.method === 'POST' && url.pathname === '/v1/images/edits') {
      if (!String(req.headers['content-type']).startsWith('multipart/form-data'))
        return error(res, 400, {
          status: 400,
          message: 'Invalid Content-Type header (application/json), expected multipart/form-data.',
        });
      const form = await new Request('http://double/', {
        method: 'POST',
        headers: { 'content-type': String(req.headers['content-type']) },
        body: raw,
      }).formData();
      const parts: ReceivedPart[] = [];
      fields = {};
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') {
          parts.push({ name, value });
          fields[name] = value;
        } else {
          const bytes = Buffer.from(await value.arrayBuffer());
          parts.push({ name, filename: value.name, type: value.type, bytes });
          if ((name === 'image' || name === 'image[]') && !source) source = bytes;
        }
      }
      received.push({ path: url.pathname, parts });
      if (!source)
        return error(res, 400, { status: 400, message: "Missing required parameter: 'image'." });
    } else return res.writeHead(404).end();

    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    if (state.fail) return error(res, state.fail.status, state.fail);
    const model = String(fields.model ?? 'dall-e-2');
    if (!fields.prompt)
      return error(res, 400, { status: 400, message: "Missing required parameter: 'prompt'." });
    if (model.startsWith('gpt-image') && fields.response_format !== undefined)
      return error(res, 400, {
        status: 400,
        message: "Unknown parameter: 'response_format'.",
        code: 'unknown_parameter',
      });
    const allowed = SIZES[model] ?? SIZES['gpt-image-1']!;
    const size = String(fields.size ?? '1024x1024');
    if (!allowed.includes(size))
      return error(res, 400, {
        status: 400,
        message: `Invalid value: '${size}'. Supported values are: ${allowed.map((s) => `'${s}'`).join(', ')}.`,
        code: 'invalid_value',
      });
    const [width, height] = size === 'auto' ? [1024, 1024] : size.split('x').map(Number);
    const png = await (
      source
        ? sharp(source).resize(width, height, { fit: 'fill' }).tint({ r: 255, g: 220, b: 180 })
        : sharp({
            create: {
              width: width!,
              height: height!,
              channels: 3,
              background: { r: 180, g: 170, b: 150 },
            },
          })
    )
      .png()
      .toBuffer();
    const format =
      state.forceFormat ??
      (model.startsWith('gpt-image')
        ? 'b64_json'
        : (fields.response_format ?? state.defaultFormat));
    let item: Record<string, string>;
    if (format === 'b64_json') item = { b64_json: png.toString('base64') };
    else {
      const id = `${randomUUID()}.png`;
      files.set(id, png);
      item = { url: `${base}/files/${id}` };
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ created: Math.floor(Date.now() / 1000), data: [item] }));
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: Error) => {
      if (!res.headersSent)
        error(res, 500, { status: 500, message: e.message, type: 'server_error' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/v1`,
    apiKey,
    knobs: state,
    received,
    downloads,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
};
