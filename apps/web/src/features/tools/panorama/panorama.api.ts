import type { Envelope } from '@huijing/contracts';
import { shareTaskResultSchema, sharedTaskSchema } from 'virtual:light-checks';
import { api } from '../../../lib/request';
import { ToolApiError } from '../api/tools.api';

const unwrap = async <T>(call: Promise<Envelope<T>>): Promise<T> => {
  const envelope = await call;
  if (!envelope.success) throw new ToolApiError(envelope.message, envelope.code);
  return envelope.data;
};

/** POST /ai/shareTask: the owner's unguessable read-only token for a finished run. */
export const shareTask = (taskId: string) =>
  unwrap(api.post('/ai/shareTask', { body: { taskId }, schema: shareTaskResultSchema }));

/** GET /ai/sharedTask?token=: a shared run's outputs, for anyone with the token. */
export const sharedTask = (token: string) =>
  unwrap(api.get('/ai/sharedTask', { query: { token }, schema: sharedTaskSchema, silent: true }));
