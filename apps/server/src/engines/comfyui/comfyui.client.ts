import fs from 'node:fs/promises';
import path from 'node:path';
import { abortError, EngineError } from '../engine';
import { deadlineSignal } from '../deadline-signal';
import { multipartBody } from '../multipart-body';
import type { ComfyGraph } from './workflow-binding';

/**
 * The HTTP half of ComfyUI's API (server.py routes). The WebSocket half and the run loop live in
 * comfyui-run.ts. Every route is also served under /api by newer versions; the unprefixed ones
 * work on every version, so those are used.
 */

export interface ComfyUiClientOptions {
  baseUrl: string;
  /** "Bearer <token>", "user:password" (basic) or a bare token (sent as a bearer token). */
  auth?: string;
  /** Per-request limit for the small JSON calls; downloads get the run's own deadline. */
  requestTimeoutMs?: number;
}

export interface ComfyFileRef {
  filename: string;
  subfolder: string;
  type: string;
}

export interface ComfyOutputFile extends ComfyFileRef {
  nodeId: string;
  /** Which list of the node's output it came from: images, gifs (VideoHelperSuite), videos… */
  list: string;
  animated: boolean;
}

export interface ComfyHistoryEntry {
  outputs: Record<string, Record<string, unknown>>;
  status?: {
    status_str?: string;
    completed?: boolean;
    messages?: [string, Record<string, unknown>][];
  };
}

export interface QueueState {
  running: string[];
  pending: string[];
}

/** Turns COMFYUI_AUTH into the Authorization header value. */
export const authorizationHeader = (auth: string | undefined): string | undefined => {
  if (!auth) return undefined;
  if (/^(bearer|basic)\s/i.test(auth)) return auth;
  if (auth.includes(':')) return `Basic ${Buffer.from(auth).toString('base64')}`;
  return `Bearer ${auth}`;
};

/**
 * The backend itself is gone (connection refused or reset, no answer): with several backends the
 * engine moves the job to another one; a rejection or a failed run is an EngineError instead.
 */
export class ComfyUnreachableError extends EngineError {
  constructor(detail: string) {
    super('渲染服务暂时无法连接，请稍后重试', detail, true);
  }
}

const unreachable = (detail: string) => new ComfyUnreachableError(detail);

const OUTPUT_LISTS = ['images', 'gifs', 'videos', 'video', 'animated_images'];

export class ComfyUiClient {
  readonly baseUrl: string;
  private readonly authorization: string | undefined;
  private readonly requestTimeoutMs: number;

  constructor(options: ComfyUiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.authorization = authorizationHeader(options.auth);
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return this.authorization ? { authorization: this.authorization, ...extra } : extra;
  }

  wsUrl(clientId: string): string {
    const url = new URL(`${this.baseUrl}/ws`);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('clientId', clientId);
    return url.toString();
  }

  /**
   * One HTTP call with a deadline. The deadline stays armed until `read` has consumed the body,
   * so a server that sends headers and then stalls cannot hang a run.
   */
  private async request<T>(
    route: string,
    init: RequestInit & { signal?: AbortSignal; timeoutMs?: number },
    read: (res: Response) => Promise<T>,
  ): Promise<T> {
    const deadline = deadlineSignal(init.signal, init.timeoutMs ?? this.requestTimeoutMs);
    try {
      const res = await fetch(`${this.baseUrl}${route}`, {
        ...init,
        headers: this.headers((init.headers as Record<string, string>) ?? {}),
        signal: deadline.signal,
      });
      if (res.status === 401 || res.status === 403)
        throw new EngineError('渲染服务鉴权失败，请联系管理员', `${route}: HTTP ${res.status}`);
      if (res.status >= 500)
        throw new EngineError(
          '渲染服务暂时不可用，请稍后重试',
          `${route}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`,
          true,
        );
      return await read(res);
    } catch (e) {
      if (init.signal?.aborted) throw abortError();
      if (e instanceof EngineError) throw e;
      throw unreachable(
        `${init.method ?? 'GET'} ${route}: ${String((e as Error).cause ?? (e as Error).message)}`,
      );
    } finally {
      deadline.done();
    }
  }

  private json<T>(route: string, init: RequestInit & { signal?: AbortSignal } = {}): Promise<T> {
    return this.request(route, init, async (res) => {
      if (!res.ok)
        throw new EngineError(
          '渲染服务返回了错误',
          `${route}: HTTP ${res.status} ${await res.text()}`,
        );
      return (await res.json()) as T;
    });
  }

  /** POST /upload/image: the name to put in a LoadImage node ("sub/name" when in a subfolder). */
  async uploadImage(
    filePath: string,
    name: string,
    signal?: AbortSignal,
    subfolder?: string,
  ): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([await fs.readFile(filePath)]), name);
    form.append('type', 'input');
    if (subfolder) form.append('subfolder', subfolder);
    // Our names carry the prompt id, so overwriting only ever replaces our own earlier attempt.
    form.append('overwrite', 'true');
    const upload = await multipartBody(form);
    const body = await this.request(
      '/upload/image',
      {
        method: 'POST',
        body: upload.body,
        headers: { 'content-type': upload.contentType },
        signal,
      },
      async (res) => {
        if (!res.ok)
          throw new EngineError(
            '上传图片到渲染服务失败',
            `/upload/image: HTTP ${res.status} ${await res.text()}`,
            true,
          );
        return (await res.json()) as { name: string; subfolder?: string };
      },
    );
    return body.subfolder ? `${body.subfolder}/${body.name}` : body.name;
  }

  /**
   * POST /prompt with our own prompt id (ComfyUI releases from 2025 honour it). Older servers
   * ignore it and answer with theirs, so the answer's id is the one to follow.
   */
  async queuePrompt(
    graph: ComfyGraph,
    options: { promptId: string; clientId: string; extraData?: Record<string, unknown> },
    signal?: AbortSignal,
  ): Promise<{ promptId: string; number: number }> {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        prompt: graph,
        client_id: options.clientId,
        prompt_id: options.promptId,
        extra_data: options.extraData ?? {},
      }),
      signal,
    };
    const { status, text } = await this.request('/prompt', init, async (res) => ({
      status: res.status,
      text: await res.text(),
    }));
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // A proxy's HTML error page; reported below with the raw text.
    }
    if (status === 200 && typeof body.prompt_id === 'string')
      return { promptId: body.prompt_id, number: Number(body.number ?? 0) };
    throw new EngineError(
      '渲染工作流被服务拒绝，请联系管理员',
      describeRejection(status, body, text),
    );
  }

  async getHistory(promptId: string, signal?: AbortSignal): Promise<ComfyHistoryEntry | undefined> {
    const all = await this.json<Record<string, ComfyHistoryEntry>>(
      `/history/${encodeURIComponent(promptId)}`,
      { signal },
    );
    return all[promptId];
  }

  async getQueue(signal?: AbortSignal): Promise<QueueState> {
    const q = await this.json<{ queue_running?: unknown[][]; queue_pending?: unknown[][] }>(
      '/queue',
      {
        signal,
      },
    );
    // Queue items are [number, prompt_id, prompt, extra_data, outputs_to_execute, …].
    const ids = (items: unknown[][] = []) => items.map((i) => String(i[1]));
    return { running: ids(q.queue_running), pending: ids(q.queue_pending) };
  }

  private post(route: string, body: unknown): Promise<void> {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    };
    return this.request(route, init, async (res) => {
      await res.arrayBuffer();
      if (!res.ok) throw new EngineError('渲染服务返回了错误', `${route}: HTTP ${res.status}`);
    });
  }

  /** POST /interrupt naming the prompt, so newer servers leave someone else's run alone. */
  interrupt(promptId: string): Promise<void> {
    return this.post('/interrupt', { prompt_id: promptId });
  }

  deleteFromQueue(promptIds: string[]): Promise<void> {
    return this.post('/queue', { delete: promptIds });
  }

  /** GET /view into a file under the run's work directory. */
  async download(file: ComfyFileRef, destination: string, signal?: AbortSignal): Promise<void> {
    const query = new URLSearchParams({
      filename: file.filename,
      subfolder: file.subfolder,
      type: file.type,
    });
    const route = `/view?${query}`;
    const bytes = await this.request(route, { signal, timeoutMs: 10 * 60_000 }, async (res) => {
      if (!res.ok)
        throw new EngineError(
          '下载渲染结果失败',
          `/view ${file.filename}: HTTP ${res.status}`,
          true,
        );
      return Buffer.from(await res.arrayBuffer());
    });
    await fs.mkdir(path.dirname(destination), { recursive: true });
    await fs.writeFile(destination, bytes);
  }

  /** GET /view, answering false (instead of failing) when the server has no such file. */
  async tryDownload(
    file: ComfyFileRef,
    destination: string,
    signal?: AbortSignal,
  ): Promise<boolean> {
    const query = new URLSearchParams({
      filename: file.filename,
      subfolder: file.subfolder,
      type: file.type,
    });
    const route = `/view?${query}`;
    const bytes = await this.request(route, { signal, timeoutMs: 30 * 60_000 }, async (res) => {
      if (res.status === 404) return undefined;
      if (!res.ok)
        throw new EngineError('下载文件失败', `/view ${file.filename}: HTTP ${res.status}`, true);
      return Buffer.from(await res.arrayBuffer());
    });
    if (!bytes) return false;
    await fs.mkdir(path.dirname(destination), { recursive: true });
    await fs.writeFile(destination, bytes);
    return true;
  }

  /** GET /object_info: the node classes this server has (custom and experimental ones too). */
  async nodeClasses(signal?: AbortSignal): Promise<Set<string>> {
    return new Set(
      Object.keys(await this.json<Record<string, unknown>>('/object_info', { signal })),
    );
  }

  systemStats(signal?: AbortSignal): Promise<Record<string, unknown>> {
    return this.json('/system_stats', { signal });
  }
}

/** The files a finished prompt produced, in output-node order. */
export const outputFiles = (
  entry: ComfyHistoryEntry,
  only?: readonly string[],
): ComfyOutputFile[] =>
  Object.entries(entry.outputs)
    .filter(([nodeId]) => !only || only.includes(nodeId))
    .flatMap(([nodeId, output]) => {
      const animated = Array.isArray(output.animated) && output.animated.some(Boolean);
      return OUTPUT_LISTS.flatMap((list) => {
        const items = output[list];
        if (!Array.isArray(items)) return [];
        return items
          .filter((i): i is ComfyFileRef => typeof i?.filename === 'string')
          .map((i) => ({
            filename: i.filename,
            subfolder: i.subfolder ?? '',
            type: i.type ?? 'output',
            nodeId,
            list,
            animated,
          }));
      });
    });

/** A readable line from POST /prompt's `{error, node_errors}` for the log. */
const describeRejection = (status: number, body: Record<string, unknown>, raw: string): string => {
  const error = body.error as { message?: string; details?: string } | string | undefined;
  const head =
    typeof error === 'string' ? error : [error?.message, error?.details].filter(Boolean).join(': ');
  const nodeErrors = Object.entries((body.node_errors as Record<string, unknown>) ?? {}).map(
    ([id, v]) => {
      const n = v as { class_type?: string; errors?: { message?: string; details?: string }[] };
      const msgs = (n.errors ?? []).map((e) => [e.message, e.details].filter(Boolean).join(': '));
      return `node ${id} (${n.class_type ?? '?'}): ${msgs.join('; ')}`;
    },
  );
  return [`POST /prompt HTTP ${status}`, head || raw.slice(0, 300), ...nodeErrors].join(' | ');
};
