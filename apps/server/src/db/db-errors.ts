/**
 * Errors that mean "the database (or its connection) is not there right now", as opposed to a bug
 * in a query. Requests that hit one answer 503 SERVICE_UNAVAILABLE in the envelope (the client may
 * retry), the process keeps serving, and the pool replaces the broken connection.
 */
const SQLSTATE_UNAVAILABLE = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a server restart
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections
  '40001', // serialization_failure (retryable)
  '40P01', // deadlock_detected (retryable)
  '57014', // query_canceled: statement_timeout (DB_QUERY_TIMEOUT_MS)
  '25P03', // idle_in_transaction_session_timeout
]);
const NODE_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
]);
// pg reports a socket that closed under a query without a code.
const MESSAGE_UNAVAILABLE = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /^terminating connection/i,
  /driver has already been destroyed/i,
  /Cannot use a pool after calling end/i,
  // query_timeout (DB_QUERY_TIMEOUT_MS) passed without an answer: a partition or an overloaded server.
  /^Query read timeout/,
];

const codeOf = (err: object): string | undefined => {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
};

/** True when the error (or one it wraps) is a lost or refused database connection. */
export const isDatabaseUnavailable = (error: unknown, depth = 0): boolean => {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const code = codeOf(error);
  if (code && (SQLSTATE_UNAVAILABLE.has(code) || NODE_UNAVAILABLE.has(code))) return true;
  // SQLSTATE class 08: connection exception.
  if (code && /^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && MESSAGE_UNAVAILABLE.some((m) => m.test(message))) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  )
    return true;
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1);
};
