import { EngineError } from '../engine';
import { ProviderError } from '../hosted-call';
import { createHostedHttp, pollTask, taskEndedError } from '../hosted-http';
import type { HostedClientOptions } from '../hosted-http';

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

/**
 * `baseUrl` is ARK_BASE_URL without /api/v3, e.g. https://ark.cn-beijing.volces.com;
 * `requestTimeoutMs` (default 5 minutes) is Seedream's: it answers only when the pictures are made.
 */
export type ArkClientOptions = HostedClientOptions;

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
  const make = (message: string, retryable: boolean, busy = false) =>
    new ProviderError(message, detail, retryable, 'ark', code, requestId, taskId, busy);
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
      : make('生成服务繁忙，请稍后重试', true, true);
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
  const requestTimeoutMs = options.requestTimeoutMs ?? 5 * 60_000;
  const http = createHostedHttp({
    ...options,
    httpError: (status, json, text, res) => {
      if (json === undefined) return arkError(status, { message: text.slice(0, 300) });
      const error = (json as ArkErrorBody).error;
      return arkError(status, error, requestIdOf(error?.message, res.headers.get('x-request-id')));
    },
  });
  const withId = <T>(answer: { json: T; res: Response }) => {
    const { json, res } = answer as { json: T & ArkErrorBody; res: Response };
    return { json, requestId: requestIdOf(json.error?.message, res.headers.get('x-request-id')) };
  };

  const generateImages = async (body: Record<string, unknown>, signal: AbortSignal) =>
    withId(
      await http.retried<ImagesAnswer>(
        'POST',
        '/api/v3/images/generations',
        signal,
        body,
        requestTimeoutMs,
      ),
    );

  const TASKS = '/api/v3/contents/generations/tasks';

  const createTask = async (body: Record<string, unknown>, signal: AbortSignal) => {
    const { json, requestId } = withId(
      await http.retried<{ id?: string }>('POST', TASKS, signal, body, 30_000),
    );
    if (!json.id) throw new EngineError('生成服务没有返回任务号', `POST ${TASKS}: no id`, true);
    return { taskId: json.id, requestId };
  };

  const getTask = async (taskId: string, signal: AbortSignal) =>
    withId(
      await http.retried<SeedanceTask>(
        'GET',
        `${TASKS}/${encodeURIComponent(taskId)}`,
        signal,
        undefined,
        30_000,
      ),
    );

  /** Cancels a queued task (Ark refuses for a running one, which then runs to its end). */
  const cancelTask = (taskId: string): Promise<boolean> =>
    http.attempt('DELETE', `${TASKS}/${encodeURIComponent(taskId)}`, 30_000);

  /** Polls until the task ends, deleting it on abort while it is still queued. */
  const waitTask = (
    taskId: string,
    signal: AbortSignal,
    onStatus: (status: SeedanceStatus) => void,
  ): Promise<SeedanceTask> =>
    pollTask({
      provider: 'ark',
      taskId,
      signal,
      ...http.polling,
      initial: 'queued' as SeedanceStatus,
      query: async (s) => {
        const { json: task, requestId } = await getTask(taskId, s);
        return { status: task.status, answer: task, requestId };
      },
      onStatus,
      ended: (status, task, requestId) => {
        if (status === 'succeeded') return true;
        if (status === 'failed') throw arkError(undefined, task.error ?? {}, requestId, taskId);
        if (status === 'cancelled')
          throw taskEndedError('ark', taskId, 'cancelled', requestId, '生成任务已被取消', false);
        return false;
      },
      cancel: cancelTask,
    });

  return { generateImages, createTask, getTask, waitTask, cancelTask };
};
