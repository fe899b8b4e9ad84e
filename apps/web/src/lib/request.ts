import type { Envelope } from '@huijing/contracts';
import { API_PREFIX, REQUEST_TIMEOUT_MS } from './constants';
import { notify } from './notify';
import { storage, storageKeys } from './storage-keys';
import { ticketsShort } from './tickets-short';

/**
 * The one HTTP client (spec §7, §8): /api prefix, satoken header, cookies, a timeout, responses
 * parsed by content type, server messages shown once through lib/notify.
 */

export type RequestErrorCode =
  'NETWORK_ERROR' | 'TIMEOUT' | 'ABORTED' | 'BAD_REQUEST' | 'BAD_RESPONSE' | 'REDIRECTED';

export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    readonly code: RequestErrorCode,
    message: string,
    readonly details: { status?: number; body?: unknown; cause?: unknown } = {},
  ) {
    super(message);
  }
  get status(): number | undefined {
    return this.details.status;
  }
}

export const isRequestError = (e: unknown): e is RequestError => e instanceof RequestError;

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

/** What a response check needs: zod's `safeParse`, which both zod and lib/json-check.ts give. */
export interface ResponseCheck<T> {
  safeParse: (
    data: unknown,
  ) => { success: true; data: T } | { success: false; error: unknown; data?: undefined };
}

export interface RequestOptions<T = unknown> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters (the GET payload of spec §7; also allowed on other methods). */
  query?: Query;
  /** POST/PUT/PATCH/DELETE payload. */
  body?: unknown;
  /** JSON by default; 'form' sends application/x-www-form-urlencoded. */
  bodyType?: 'json' | 'form';
  /**
   * Validates `data` of a successful envelope: a zod schema, or the same schema as a check made
   * at build time (lib/json-check.ts, `virtual:light-checks`).
   */
  schema?: ResponseCheck<T>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Milliseconds; 0 disables the timeout. */
  timeout?: number;
  /** Skip showing the server's message (the caller shows its own). */
  silent?: boolean;
}

export interface RequestConfig {
  fetch: typeof fetch;
  /** Top-level navigation for 301/302 answers. */
  navigate: (url: string) => void;
  prefix: string;
  getToken: () => string | undefined;
}

const defaults = (): RequestConfig => ({
  fetch: (...args) => globalThis.fetch(...args),
  navigate: (url) => window.location.assign(url),
  prefix: API_PREFIX,
  getToken: () => {
    const token = storage.get(storageKeys.satoken);
    return typeof token === 'string' && token ? token : undefined;
  },
});

let config: RequestConfig = defaults();

/** Tests and the app shell swap pieces (e.g. a fake fetch); call with no argument to reset. */
export const configureRequest = (overrides?: Partial<RequestConfig>): void => {
  config = overrides ? { ...config, ...overrides } : defaults();
};

export const buildUrl = (path: string, query?: Query, prefix = config.prefix): string => {
  const base = /^https?:\/\//.test(path) || path.startsWith(prefix + '/') ? path : prefix + path;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null) params.append(key, String(v));
  }
  const text = params.toString();
  if (!text) return base;
  return base + (base.includes('?') ? '&' : '?') + text;
};

/** Headers every API call carries: the session token (spec §7). */
export const authHeaders = (): Record<string, string> => {
  const token = config.getToken();
  return token ? { satoken: token } : {};
};

const toForm = (body: unknown): URLSearchParams => {
  if (body instanceof URLSearchParams) return body;
  const params = new URLSearchParams();
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (value === undefined || value === null) continue;
      params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
  }
  return params;
};

/** Reads a body by its content type (spec §7): json, text, form, video and other binaries. */
export const parseBody = async (response: Response): Promise<unknown> => {
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('application/json') || type.includes('+json')) {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : null;
  }
  if (type.startsWith('multipart/form-data')) return response.formData();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return new URLSearchParams(await response.text());
  }
  if (type.startsWith('text/') || type === '') return response.text();
  // video/*, image/*, octet-stream and the rest are binary.
  return response.blob();
};

const isEnvelope = (body: unknown): body is Envelope<unknown> =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { success?: unknown }).success === 'boolean' &&
  'code' in body;

export interface RawResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * Sends a request and returns the parsed body for statuses 200–299 and 401 (the caller decides
 * what a 401 means, e.g. opening the login modal). 301/302 navigate the page. Anything else
 * throws a RequestError.
 */
export const requestRaw = async (
  path: string,
  options: RequestOptions = {},
): Promise<RawResponse> => {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const url = buildUrl(path, options.query);
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
  let body: BodyInit | undefined;
  if (options.body !== undefined && method !== 'GET') {
    if (options.body instanceof FormData || options.body instanceof Blob) {
      body = options.body;
    } else if (options.bodyType === 'form') {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = toForm(options.body).toString();
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }
  Object.assign(headers, authHeaders(), options.headers);

  const controller = new AbortController();
  const timeout = options.timeout ?? REQUEST_TIMEOUT_MS;
  let timedOut = false;
  const timer =
    timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeout)
      : undefined;
  const onAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });

  try {
    let response: Response;
    try {
      response = await config.fetch(url, {
        method,
        headers,
        body,
        credentials: 'include',
        // Browsers hide a manual redirect's status and Location (an "opaqueredirect" with
        // status 0); servers and test runtimes expose them. Both cases are handled below.
        redirect: 'manual',
        signal: controller.signal,
      });
    } catch (cause) {
      if (timedOut) throw new RequestError('TIMEOUT', '请求超时，请检查网络后重试', { cause });
      if (controller.signal.aborted) throw new RequestError('ABORTED', '请求已取消', { cause });
      throw new RequestError('NETWORK_ERROR', '网络连接异常，请检查网络后重试', { cause });
    }

    if (response.status === 301 || response.status === 302) {
      const location = response.headers.get('location');
      if (location) {
        config.navigate(location);
        throw new RequestError('REDIRECTED', '页面跳转中', { status: response.status });
      }
    }
    if (response.type === 'opaqueredirect') {
      // The browser withheld Location; a top-level GET of the same URL lets it follow natively.
      if (method === 'GET') {
        config.navigate(url);
        throw new RequestError('REDIRECTED', '页面跳转中', { status: 302 });
      }
      throw new RequestError('BAD_RESPONSE', '服务器返回了无法处理的跳转', { status: 302 });
    }

    let parsed: unknown;
    try {
      parsed = await parseBody(response);
    } catch (cause) {
      if (timedOut) throw new RequestError('TIMEOUT', '请求超时，请检查网络后重试', { cause });
      if (controller.signal.aborted) throw new RequestError('ABORTED', '请求已取消', { cause });
      throw new RequestError('BAD_RESPONSE', '服务器返回的数据无法解析', {
        status: response.status,
        cause,
      });
    }

    if ((response.status >= 200 && response.status < 300) || response.status === 401) {
      return { status: response.status, headers: response.headers, body: parsed };
    }
    const serverMessage = isEnvelope(parsed) ? parsed.message : undefined;
    const code = response.status >= 400 && response.status < 500 ? 'BAD_REQUEST' : 'BAD_RESPONSE';
    const fallback = code === 'BAD_REQUEST' ? '请求有误，请稍后再试' : '服务器开小差了，请稍后再试';
    throw new RequestError(code, serverMessage || fallback, {
      status: response.status,
      body: parsed,
    });
  } finally {
    if (timer) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
};

/**
 * An API call answered with the envelope of contracts. `success: false` shows the server's
 * message once (unless `silent`, or a 401 which the caller turns into the login modal) and is
 * returned to the caller; transport failures show their message once and throw.
 */
export const request = async <T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<Envelope<T>> => {
  let raw: RawResponse;
  try {
    raw = await requestRaw(path, options);
  } catch (error) {
    if (isRequestError(error) && isEnvelope(error.details.body))
      ticketsShort(error.details.body.code);
    if (
      isRequestError(error) &&
      !options.silent &&
      error.code !== 'ABORTED' &&
      error.code !== 'REDIRECTED'
    ) {
      notify(error.message, 'error');
    }
    throw error;
  }
  if (!isEnvelope(raw.body)) {
    const error = new RequestError('BAD_RESPONSE', '服务器返回的数据格式有误', {
      status: raw.status,
      body: raw.body,
    });
    if (!options.silent) notify(error.message, 'error');
    throw error;
  }
  const envelope = raw.body;
  if (!envelope.success) {
    ticketsShort(envelope.code);
    if (!options.silent && raw.status !== 401) notify(envelope.message, 'error');
    return envelope as Envelope<T>;
  }
  if (options.schema) {
    const result = options.schema.safeParse(envelope.data);
    if (!result.success) {
      const error = new RequestError('BAD_RESPONSE', '服务器返回的数据格式有误', {
        status: raw.status,
        body: envelope,
        cause: result.error,
      });
      if (!options.silent) notify(error.message, 'error');
      throw error;
    }
    return { ...envelope, data: result.data };
  }
  return envelope as Envelope<T>;
};

type Shortcut = <T = unknown>(
  path: string,
  options?: Omit<RequestOptions<T>, 'method'>,
) => Promise<Envelope<T>>;

export const api: { get: Shortcut; post: Shortcut; put: Shortcut; delete: Shortcut } = {
  get: (path, options) => request(path, { ...options, method: 'GET' }),
  post: (path, options) => request(path, { ...options, method: 'POST' }),
  put: (path, options) => request(path, { ...options, method: 'PUT' }),
  delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
};
