import { EngineError } from '../engine';
import { ProviderError } from '../hosted-call';
import { createHostedHttp, pollTask, taskEndedError } from '../hosted-http';
import type { HostedClientOptions } from '../hosted-http';

/**
 * DashScope's asynchronous task protocol (Alibaba Model Studio): create a task with
 * `X-DashScope-Async: enable` (HTTP calls to the image and video models are async-only), poll
 * `GET /api/v1/tasks/{id}` until it ends, cancel it while it is still PENDING.
 */

export type TaskStatus = 'PENDING' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELED' | 'UNKNOWN';

export interface TaskOutput {
  task_id: string;
  task_status: TaskStatus;
  code?: string;
  message?: string;
  /** Images: one entry per picture; a failed picture of a partial success has code/message. */
  results?: { url?: string; code?: string; message?: string; actual_prompt?: string }[];
  /** Video models. */
  video_url?: string;
  task_metrics?: { TOTAL: number; SUCCEEDED: number; FAILED: number };
}

export interface TaskAnswer {
  request_id?: string;
  output?: TaskOutput;
  usage?: Record<string, number>;
}

/**
 * `baseUrl` is DASHSCOPE_BASE_URL without /api/v1, e.g. https://dashscope.aliyuncs.com; one HTTP
 * call is given 60 s by default (the task itself may run for minutes).
 */
export type DashScopeClientOptions = HostedClientOptions;

interface ErrorBody {
  request_id?: string;
  code?: string;
  message?: string;
}

/**
 * An error code (HTTP answer or a FAILED task's output.code) as what a designer should read.
 * Throttling and server faults are worth another try; a refused picture, a bad key or a bad
 * parameter are not.
 */
export const dashscopeError = (
  status: number | undefined,
  body: ErrorBody,
  taskId?: string,
): ProviderError => {
  const code = body.code ?? '';
  const detail = `DashScope ${status ?? 'task'} ${code}: ${body.message ?? ''}${
    body.request_id ? ` (request ${body.request_id})` : ''
  }${taskId ? ` (task ${taskId})` : ''}`;
  const make = (message: string, retryable: boolean, busy = false) =>
    new ProviderError(message, detail, retryable, 'dashscope', code, body.request_id, taskId, busy);
  if (code === 'DataInspectionFailed' || /DataInspection|IPInfringement/.test(code))
    return make('内容未通过安全审核，请修改描述或更换图片后重试', false);
  if (status === 401 || code === 'InvalidApiKey')
    return make('阿里云百炼密钥无效，请联系管理员', false);
  if (code === 'Arrearage') return make('阿里云百炼账户已欠费，请联系管理员', false);
  // Throttling, Throttling.RateQuota, Throttling.AllocationQuota (429): the account's rate or
  // concurrent-task limit, which frees up on its own.
  if (status === 429 || /^Throttling/.test(code))
    return make('生成服务繁忙，请稍后重试', true, true);
  if (status === 403 || code === 'AccessDenied' || /^AccessDenied/.test(code))
    return make('阿里云百炼拒绝了访问（模型未开通或地域不符），请联系管理员', false);
  if (/InputDownloadFailed|InvalidURL|FileDownload/.test(code))
    return make('生成服务读取输入图片失败，请重试', true);
  if (status !== undefined && status >= 500) return make('生成服务暂时不可用，请稍后重试', true);
  if (/^InternalError|SystemError|ServiceUnavailable/.test(code))
    return make('生成服务暂时不可用，请稍后重试', true);
  if (/^InvalidParameter|^BadRequest|^InvalidImage/.test(code) || status === 400)
    return make('输入不符合生成服务的要求（图片尺寸、格式或参数），请调整后重试', false);
  return make('生成失败，请稍后重试', false);
};

export type DashScopeClient = ReturnType<typeof createDashScopeClient>;

export const createDashScopeClient = (options: DashScopeClientOptions) => {
  const requestTimeoutMs = options.requestTimeoutMs ?? 60_000;
  const http = createHostedHttp({
    ...options,
    bodyHeaders: { 'x-dashscope-async': 'enable' },
    httpError: (status, json, text) =>
      dashscopeError(
        status,
        json === undefined ? { message: text.slice(0, 300) } : (json as ErrorBody),
      ),
  });
  const retried = async (
    method: 'GET' | 'POST',
    route: string,
    signal: AbortSignal,
    body?: unknown,
  ) => (await http.retried<TaskAnswer>(method, route, signal, body, requestTimeoutMs)).json;

  /** Creates the task; throttled or failed-on-their-side submits are tried again with backoff. */
  const submit = async (route: string, body: unknown, signal: AbortSignal) => {
    const answer = await retried('POST', route, signal, body);
    const taskId = answer.output?.task_id;
    if (!taskId)
      throw new EngineError(
        '生成服务没有返回任务号',
        `POST ${route}: ${JSON.stringify(answer)}`,
        true,
      );
    return { taskId, requestId: answer.request_id };
  };

  const query = (taskId: string, signal: AbortSignal) =>
    retried('GET', `/api/v1/tasks/${encodeURIComponent(taskId)}`, signal);

  /** Only PENDING tasks can be canceled; a running one finishes on their side regardless. */
  const cancel = (taskId: string): Promise<boolean> =>
    http.attempt('POST', `/api/v1/tasks/${encodeURIComponent(taskId)}/cancel`, requestTimeoutMs);

  /** Polls until the task ends, canceling it on abort while it is still PENDING. */
  const wait = (
    taskId: string,
    signal: AbortSignal,
    onStatus: (status: TaskStatus) => void,
  ): Promise<TaskAnswer & { output: TaskOutput }> =>
    pollTask({
      provider: 'dashscope',
      taskId,
      signal,
      ...http.polling,
      initial: 'PENDING' as TaskStatus,
      query: async (s) => {
        const answer = await query(taskId, s);
        return {
          status: answer.output?.task_status ?? 'UNKNOWN',
          answer: answer as TaskAnswer & { output: TaskOutput },
          requestId: answer.request_id,
        };
      },
      onStatus,
      ended: (status, answer, requestId) => {
        if (status === 'SUCCEEDED') return true;
        if (status === 'FAILED')
          throw dashscopeError(undefined, { ...answer.output, request_id: requestId }, taskId);
        if (status === 'CANCELED')
          throw taskEndedError(
            'dashscope',
            taskId,
            'CANCELED',
            requestId,
            '生成任务已被取消',
            false,
          );
        if (status === 'UNKNOWN')
          // Unknown id or older than 24 h: nothing more will come of it.
          throw taskEndedError(
            'dashscope',
            taskId,
            'UNKNOWN',
            requestId,
            '生成任务已失效，请重试',
            true,
          );
        return false;
      },
      cancel,
    });

  return { submit, query, wait, cancel };
};
