import { errorCatalogue } from '@huijing/contracts';
import type { Envelope, ErrorKey } from '@huijing/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/db-errors';
import { isStorageFull } from '../providers/storage';
import { AppError } from './app-error';

export type ErrorEnvelope = Envelope<unknown> & { success: false; requestId: string };

export const sendError = (
  request: FastifyRequest,
  reply: FastifyReply,
  key: ErrorKey,
  options: { message?: string; data?: unknown } = {},
): FastifyReply => {
  const entry = errorCatalogue[key];
  const body: ErrorEnvelope = {
    success: false,
    code: entry.code,
    message: options.message ?? entry.message,
    data: options.data ?? null,
    requestId: request.id,
  };
  return reply.code(entry.status).type('application/json; charset=utf-8').send(body);
};

// Fastify's own request errors, mapped to catalogue entries (their English texts stay in logs).
const fastifyCodes: Record<string, ErrorKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
};

const keyForStatus = (status: number): ErrorKey =>
  (Object.keys(errorCatalogue) as ErrorKey[]).find((k) => errorCatalogue[k].status === status) ??
  'BAD_REQUEST';

const contextLabel: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/** The single error handler (ARCHITECTURE rule 8): every failure leaves as the envelope. */
export const errorHandler = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply => {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error }, 'service error');
    return sendError(request, reply, error.key, { message: error.message, data: error.data });
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = contextLabel[error.validationContext ?? ''] ?? error.validationContext ?? 'body';
    const issues = error.validation.map((v) => ({
      field: [where, ...v.instancePath.split('/').filter(Boolean)].join('.'),
      message: v.message ?? '',
    }));
    const fields = [...new Set(issues.map((i) => i.field))];
    return sendError(request, reply, 'VALIDATION_FAILED', {
      message: `${errorCatalogue.VALIDATION_FAILED.message}：${fields.join('、')}`,
      data: { issues },
    });
  }

  const mapped = error.code ? fastifyCodes[error.code] : undefined;
  if (mapped) {
    request.log.info({ code: error.code, reason: error.message }, 'rejected request');
    return sendError(request, reply, mapped);
  }

  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ code: error.code, reason: error.message, status }, 'rejected request');
    return sendError(request, reply, keyForStatus(status));
  }

  // A lost database connection (restart, failover, pg_terminate_backend): the client may retry,
  // the pool has already dropped the broken connection. Logged briefly; the pool's own listener
  // reports the incident once.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ code: error.code, reason: error.message }, 'database unavailable');
    return sendError(request, reply, 'SERVICE_UNAVAILABLE');
  }

  // A full disk or quota (files, the database, the bucket): the user learns why, the operator
  // gets an error line to act on.
  if (isStorageFull(error)) {
    request.log.error({ err: error }, 'storage full');
    return sendError(request, reply, 'STORAGE_FULL');
  }

  // Unknown failure: the details go to the log, never to the client (rule 8).
  request.log.error({ err: error }, 'unhandled error');
  return sendError(request, reply, 'INTERNAL');
};
