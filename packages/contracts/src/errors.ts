/**
 * The error catalogue: a stable number, the HTTP status it travels with and the zh-CN message a
 * user sees. Numbers never change meaning once shipped; later issues append to this table.
 * The first three digits of a code are its HTTP status, so a client can reason about either.
 */
export const errorCatalogue = {
  BAD_REQUEST: { code: 40000, status: 400, message: '请求参数有误' },
  VALIDATION_FAILED: { code: 40001, status: 400, message: '提交的内容不符合要求' },
  MALFORMED_JSON: { code: 40002, status: 400, message: '请求体不是有效的 JSON' },
  UNAUTHORIZED: { code: 40100, status: 401, message: '请先登录' },
  FORBIDDEN: { code: 40300, status: 403, message: '没有权限执行此操作' },
  NOT_FOUND: { code: 40400, status: 404, message: '请求的接口不存在' },
  RESOURCE_NOT_FOUND: { code: 40401, status: 404, message: '内容不存在或已被删除' },
  METHOD_NOT_ALLOWED: { code: 40500, status: 405, message: '不支持该请求方式' },
  CONFLICT: { code: 40900, status: 409, message: '操作冲突，请刷新后重试' },
  PAYLOAD_TOO_LARGE: { code: 41300, status: 413, message: '提交的内容过大' },
  UNSUPPORTED_MEDIA_TYPE: { code: 41500, status: 415, message: '不支持的内容类型' },
  TOO_MANY_REQUESTS: { code: 42900, status: 429, message: '操作过于频繁，请稍后再试' },
  INTERNAL: { code: 50000, status: 500, message: '服务器开小差了，请稍后再试' },
  SERVICE_UNAVAILABLE: { code: 50300, status: 503, message: '服务暂时不可用，请稍后再试' },
} as const satisfies Record<string, { code: number; status: number; message: string }>;

export type ErrorKey = keyof typeof errorCatalogue;
export type ErrorCode = (typeof errorCatalogue)[ErrorKey]['code'];

const byCode = new Map<number, { key: ErrorKey; status: number; message: string }>(
  (Object.keys(errorCatalogue) as ErrorKey[]).map((key) => [
    errorCatalogue[key].code,
    { key, status: errorCatalogue[key].status, message: errorCatalogue[key].message },
  ]),
);

/** Look up a catalogue entry by its number (for clients that receive only the code). */
export const errorByCode = (code: number) => byCode.get(code);
