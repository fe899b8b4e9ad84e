import { z } from 'zod';

export const componentStatusSchema = z.enum(['up', 'down', 'unconfigured']);

/**
 * ok: serving; degraded: serving, but work is queued and no worker has sent a heartbeat (tasks
 * wait); down: the database or the queue transport does not answer (503).
 */
export const healthStatusSchema = z.enum(['ok', 'degraded', 'down']);

/** GET /api/health for anyone (load balancers): up or down, nothing about the setup. */
export const publicHealthSchema = z.object({ status: healthStatusSchema });
export type PublicHealth = z.infer<typeof publicHealthSchema>;

/** GET /api/user/manage/health for admins: every component. */
export const healthSchema = z.object({
  status: healthStatusSchema,
  version: z.string(),
  role: z.enum(['all', 'api', 'worker']),
  uptimeSeconds: z.number(),
  database: z.object({
    status: componentStatusSchema,
    dialect: z.enum(['sqlite', 'postgres']),
    latencyMs: z.number(),
  }),
  queue: z.object({ status: componentStatusSchema, driver: z.enum(['in-process', 'bullmq']) }),
  /** Worker processes with a heartbeat in the last seconds, and tasks waiting or running. */
  workers: z.object({
    live: z.number(),
    list: z.array(
      z.object({ id: z.string(), lanes: z.array(z.string()), heartbeatAt: z.string() }),
    ),
  }),
  tasks: z.object({ queued: z.number(), running: z.number(), pendingHandOffs: z.number() }),
  engines: z.array(
    z.object({ id: z.string(), status: componentStatusSchema, detail: z.string().optional() }),
  ),
});
export type Health = z.infer<typeof healthSchema>;
