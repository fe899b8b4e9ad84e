import { abortError, EngineError } from './engine';
import { deadlineSignal } from './deadline-signal';
import { ProviderError, sleep as realSleep, withRetry } from './hosted-call';
import type { Sleep } from './hosted-call';

/**
 * The HTTP plumbing the hosted engines (DashScope, Ark) share: a Bearer-authenticated JSON call
 * with its own deadline, retry with backoff, and the polling of an asynchronous task. Each
 * provider supplies only what differs: extra headers, how its error envelope reads, its task
 * statuses.
 */

/** What configures a hosted provider's client. */
export interface HostedClientOptions {
  /** The provider's host, without the API version path. */
  baseUrl: string;
  apiKey: string;
  /** One HTTP call; a task itself may run for minutes. */
  requestTimeoutMs?: number;
  /** Give up on a task still running after this long. Default 15 minutes (video takes 1–5). */
  taskTimeoutMs?: number;
  /** First wait between polls, growing ×1.5 up to pollMaxMs. The docs suggest 3–10 s. */
  pollMs?: number;
  pollMaxMs?: number;
  /** More tries of a call refused as throttled or failed on the server side. */
  retries?: number;
  retryBaseMs?: number;
  sleep?: Sleep;
}

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface HostedHttpOptions extends HostedClientOptions {
  /** Extra headers of a call that sends a body. */
  bodyHeaders?: Record<string, string>;
  /**
   * A refused call as the provider's typed error: `json` is the parsed answer, undefined when
   * the answer was not JSON (a gateway's page), then `text` is what came.
   */
  httpError: (status: number, json: unknown, text: string, res: Response) => ProviderError;
}

export const createHostedHttp = (options: HostedHttpOptions) => {
  const base = options.baseUrl.replace(/\/+$/, '');
  const sleep = options.sleep ?? realSleep;
  const retry = {
    retries: options.retries ?? 3,
    baseMs: options.retryBaseMs ?? 2000,
    maxMs: 30_000,
    sleep,
  };

  const send = async (
    method: HttpMethod,
    route: string,
    signal: AbortSignal,
    body: unknown,
    timeoutMs: number,
  ) => {
    const headers: Record<string, string> = { authorization: `Bearer ${options.apiKey}` };
    if (body !== undefined)
      Object.assign(headers, { 'content-type': 'application/json' }, options.bodyHeaders);
    const deadline = deadlineSignal(signal, timeoutMs);
    try {
      const res = await fetch(`${base}${route}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: deadline.signal,
      });
      return { res, text: await res.text() };
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
  };

  /** One call; an empty answer reads as `{}`, a refusal as the provider's typed error. */
  const call = async <T>(
    method: HttpMethod,
    route: string,
    signal: AbortSignal,
    body: unknown,
    timeoutMs: number,
  ): Promise<{ json: T; res: Response }> => {
    const { res, text } = await send(method, route, signal, body, timeoutMs);
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      // A gateway's page; its text goes to the log.
      if (!res.ok) throw options.httpError(res.status, undefined, text, res);
      json = {};
    }
    if (!res.ok) throw options.httpError(res.status, json, text, res);
    return { json: json as T, res };
  };

  /** `call`, tried again with backoff while it fails with a retryable error. */
  const retried = <T>(
    method: HttpMethod,
    route: string,
    signal: AbortSignal,
    body: unknown,
    timeoutMs: number,
  ) => withRetry(() => call<T>(method, route, signal, body, timeoutMs), { ...retry, signal });

  /** A best-effort call (a cancel on the way out, after the job's signal fired): true when accepted. */
  const attempt = async (method: HttpMethod, route: string, timeoutMs: number) => {
    try {
      await call(method, route, AbortSignal.timeout(10_000), undefined, timeoutMs);
      return true;
    } catch {
      return false;
    }
  };

  /** The polling of this client's tasks, for pollTask. */
  const polling = {
    sleep,
    pollMs: options.pollMs ?? 3000,
    pollMaxMs: options.pollMaxMs ?? 10_000,
    taskTimeoutMs: options.taskTimeoutMs ?? 15 * 60_000,
  };

  return { call, retried, attempt, polling };
};

export interface PollOptions<S extends string, A> {
  provider: ProviderError['provider'];
  taskId: string;
  signal: AbortSignal;
  sleep: Sleep;
  /** First wait between polls, growing ×1.5 up to pollMaxMs. */
  pollMs: number;
  pollMaxMs: number;
  /** Give up on a task still running after this long. */
  taskTimeoutMs: number;
  /** The status of a task just created; a job aborted while it still has it cancels the task. */
  initial: S;
  query: (signal: AbortSignal) => Promise<{ status: S; answer: A; requestId?: string }>;
  onStatus: (status: S) => void;
  /** True when the task succeeded; throws for one that failed or was canceled. */
  ended: (status: S, answer: A, requestId: string | undefined) => boolean;
  cancel: (taskId: string) => Promise<boolean>;
}

/**
 * Polls until the task ends. A canceled job cancels the task on its way out (while it is still
 * queued; the providers refuse otherwise) so it does not hold one of the account's slots.
 */
export const pollTask = async <S extends string, A>(o: PollOptions<S, A>): Promise<A> => {
  const started = Date.now();
  let status = o.initial;
  try {
    for (let attempt = 0; ; attempt += 1) {
      await o.sleep(Math.min(o.pollMaxMs, o.pollMs * 1.5 ** attempt), o.signal);
      const { status: now, answer, requestId } = await o.query(o.signal);
      status = now;
      o.onStatus(status);
      if (o.ended(status, answer, requestId)) return answer;
      if (Date.now() - started > o.taskTimeoutMs)
        throw new ProviderError(
          '生成超时，请稍后重试',
          `task ${o.taskId} still ${status} after ${o.taskTimeoutMs} ms`,
          true,
          o.provider,
          'Timeout',
          requestId,
          o.taskId,
        );
    }
  } catch (e) {
    if (o.signal.aborted || (e as Error).name === 'AbortError') {
      if (status === o.initial) await o.cancel(o.taskId);
      throw abortError();
    }
    throw e;
  }
};

/** A task that ended without a result: `code` is the provider's status word. */
export const taskEndedError = (
  provider: ProviderError['provider'],
  taskId: string,
  code: string,
  requestId: string | undefined,
  message: string,
  retryable: boolean,
) =>
  new ProviderError(
    message,
    `task ${taskId} ${code}`,
    retryable,
    provider,
    code,
    requestId,
    taskId,
  );
