import { abortError, EngineError } from '../engine';
import { deadlineSignal } from '../deadline-signal';
import { ProviderError, sleep as realSleep, withRetry } from '../hosted-call';
import type { Sleep } from '../hosted-call';

/**
 * Volcengine Ark (火山方舟) over HTTP: Seedream's synchronous `POST /api/v3/images/generations`
 * and Seedance's video tasks (`/api/v3/contents/generations/tasks`: create, query, and DELETE to
 * cancel one still queued). Errors come as `{error: {code, message, param, type}}`.
 */

export type SeedanceStatus = 'queued' | 'running' | 'cancelled' | 'succeeded' | 'failed';

export interface SeedanceTask {
  id: string;
  model?: string;
  status: SeedanceStatus;
  error?: { code?: string; message?: string } | null;
  content?: { video_url?: string; last_frame_url?: string };
  usage?: Record<string, number>;
}

export interface ImagesAnswer {
  model?: string;
  created?: number;
  data?: {
    url?: string;
    b64_json?: string;
    size?: string;
    error?: { code?: string; message?: string };
  }[];
  usage?: Record<string, number>;
  error?: ArkErrorBody['error'];
}

interface ArkErrorBody {
  error?: { code?: string; message?: string; param?: string; type?: string };
}

export interface ArkClientOptions {
  /** ARK_BASE_URL without /api/v3, e.g. https://ark.cn-beijing.volces.com */
  baseUrl: string;
  apiKey: string;
  /** Seedream answers only when the pictures are made: allow minutes. */
  requestTimeoutMs?: number;
  taskTimeoutMs?: number;
  pollMs?: number;
  pollMaxMs?: number;
  retries?: number;
  retryBaseMs?: number;
  sleep?: Sleep;
}

const requestIdOf = (message: string | undefined, header: string | null) =>
  header ?? /Request id: (\S+)/i.exec(message ?? '')?.[1];

/** An Ark error as what a designer should read; rate limits and server faults are retried. */
export const arkError = (
  status: number | undefined,
  body: ArkErrorBody['error'] = {},
  requestId?: string,
  taskId?: string,
): ProviderError => {
  const code = body.code ?? '';
  const detail = `Ark ${status ?? 'task'} ${code} ${body.type ?? ''}: ${body.message ?? ''}${
    taskId ? ` (task ${taskId})` : ''
  }`;
  const make = (message: string, retryable: boolean) =>
    new ProviderError(message, detail, retryable, 'ark', code, requestId, taskId);
  if (/SensitiveContentDetected|ContentSecurity|RiskDetected/i.test(code))
    return make('内容未通过安全审核，请修改描述或更换图片后重试', false);
  if (status === 401 || code === 'AuthenticationError')
    return make('火山方舟密钥无效，请联系管理员', false);
  if (code === 'AccountOverdueError') return make('火山方舟账户已欠费，请联系管理员', false);
  if (status === 404 || /NotFound/.test(code))
    return make('火山方舟上没有该模型或未开通，请联系管理员', false);
  if (status === 403 || code === 'AccessDenied')
    return make('火山方舟拒绝了访问（模型未开通），请联系管理员', false);
  if (status === 429 || /^RateLimitExceeded|^ServerOverloaded/.test(code))
    return /QuotaExceeded/.test(code)
      ? make('火山方舟额度已用完，请联系管理员', false)
      : make('生成服务繁忙，请稍后重试', true);
  if (
    (status !== undefined && status >= 500) ||
    /InternalServiceError|ServiceUnavailable/.test(code)
  )
    return make('生成服务暂时不可用，请稍后重试', true);
  if (/^InvalidParameter|^MissingParameter/.test(code) || status === 400)
    return make('输入不符合生成服务的要求（图片尺寸、格式或参数），请调整后重试', false);
  return make('生成失败，请稍后重试', false);
};

export type ArkClient = ReturnType<typeof createArkClient>;

export const createArkClient = (options: ArkClientOptions) => {
  const base = options.baseUrl.replace(/\/+$/, '');
  const requestTimeoutMs = options.requestTimeoutMs ?? 5 * 60_000;
  const taskTimeoutMs = options.taskTimeoutMs ?? 15 * 60_000;
  const pollMs = options.pollMs ?? 3000;
  const pollMaxMs = options.pollMaxMs ?? 10_000;
  const sleep = options.sleep ?? realSleep;
  const retry = {
    retries: options.retries ?? 3,
    baseMs: options.retryBaseMs ?? 2000,
    maxMs: 30_000,
    sleep,
  };

  const call = async <T>(
    method: 'GET' | 'POST' | 'DELETE',
    route: string,
    signal: AbortSignal,
    body?: unknown,
    timeoutMs = 30_000,
  ): Promise<{ json: T; requestId?: string }> => {
    const headers: Record<string, string> = { authorization: `Bearer ${options.apiKey}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const deadline = deadlineSignal(signal, timeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${base}${route}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: deadline.signal,
      });
      text = await res.text();
    } catch (e) {
      if (signal.aborted) throw abortError();
      const timedOut = deadline.signal.aborted;
      throw new EngineError(
        '生成服务暂时无法连接，请稍后重试',
        `${method} ${route}: ${timedOut ? `no answer in ${timeoutMs} ms` : String((e as Error).cause ?? e)}`,
        true,
      );
    } finally {
      deadline.done();
    }
    let json = {} as T & ArkErrorBody;
    try {
      json = (text ? JSON.parse(text) : {}) as T & ArkErrorBody;
    } catch {
      if (!res.ok) throw arkError(res.status, { message: text.slice(0, 300) });
    }
    const requestId = requestIdOf(json.error?.message, res.headers.get('x-request-id'));
    if (!res.ok) throw arkError(res.status, json.error, requestId);
    return { json, requestId };
  };

  const generateImages = (body: Record<string, unknown>, signal: AbortSignal) =>
    withRetry(
      () =>
        call<ImagesAnswer>('POST', '/api/v3/images/generations', signal, body, requestTimeoutMs),
      { ...retry, signal },
    );

  const TASKS = '/api/v3/contents/generations/tasks';

  const createTask = async (body: Record<string, unknown>, signal: AbortSignal) => {
    const { json, requestId } = await withRetry(
      () => call<{ id?: string }>('POST', TASKS, signal, body),
      {
        ...retry,
        signal,
      },
    );
    if (!json.id) throw new EngineError('生成服务没有返回任务号', `POST ${TASKS}: no id`, true);
    return { taskId: json.id, requestId };
  };

  const getTask = (taskId: string, signal: AbortSignal) =>
    withRetry(() => call<SeedanceTask>('GET', `${TASKS}/${encodeURIComponent(taskId)}`, signal), {
      ...retry,
      signal,
    });

  /** Cancels a queued task (Ark refuses for a running one, which then runs to its end). */
  const cancelTask = async (taskId: string): Promise<boolean> => {
    try {
      await call('DELETE', `${TASKS}/${encodeURIComponent(taskId)}`, AbortSignal.timeout(10_000));
      return true;
    } catch {
      return false;
    }
  };

  const waitTask = async (
    taskId: string,
    signal: AbortSignal,
    onStatus: (status: SeedanceStatus) => void,
  ): Promise<SeedanceTask> => {
    const started = Date.now();
    let status: SeedanceStatus = 'queued';
    try {
      for (let attempt = 0; ; attempt += 1) {
        await sleep(Math.min(pollMaxMs, pollMs * 1.5 ** attempt), signal);
        const { json: task, requestId } = await getTask(taskId, signal);
        status = task.status;
        onStatus(status);
        if (status === 'succeeded') return task;
        if (status === 'failed') throw arkError(undefined, task.error ?? {}, requestId, taskId);
        if (status === 'cancelled')
          throw new ProviderError(
            '生成任务已被取消',
            `task ${taskId} cancelled`,
            false,
            'ark',
            'cancelled',
            requestId,
            taskId,
          );
        if (Date.now() - started > taskTimeoutMs)
          throw new ProviderError(
            '生成超时，请稍后重试',
            `task ${taskId} still ${status} after ${taskTimeoutMs} ms`,
            true,
            'ark',
            'Timeout',
            requestId,
            taskId,
          );
      }
    } catch (e) {
      if (signal.aborted || (e as Error).name === 'AbortError') {
        if (status === 'queued') await cancelTask(taskId);
        throw abortError();
      }
      throw e;
    }
  };

  return { generateImages, createTask, getTask, waitTask, cancelTask };
};
