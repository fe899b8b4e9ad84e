import type { ErrorKey } from '@huijing/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/**
 * For routes registered with attachValidation: a failure on one of the named fields becomes that
 * field's own catalogue error with the schema's Chinese message (a login form shows "请输入正确的
 * 11 位中国大陆手机号", not a generic list of field names). Anything else goes to the one handler.
 */
export const rethrowValidation = (
  request: FastifyRequest,
  fieldErrors: Record<string, ErrorKey>,
): void => {
  const error = request.validationError as
    (Error & { validation?: Array<{ instancePath?: string; message?: string }> }) | undefined;
  if (!error) return;
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath?.split('/').filter(Boolean)[0];
    const key = field ? fieldErrors[field] : undefined;
    if (key) throw new AppError(key, { message: issue.message || undefined });
  }
  throw error;
};
