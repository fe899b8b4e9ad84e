import { z } from 'zod';

export const componentStatusSchema = z.enum(['up', 'down', 'unconfigured']);

/**
 * ok: serving; degraded: serving, but work is queued and no worker has sent a heartbeat (tasks
 * wait), or DATA_DIR is low on free space; down: the database or the queue transport does not
 * answer (503).
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
  /**
   * Free space of DATA_DIR's file system (uploads, outputs, SQLite). low: below minFreeBytes
   * (DATA_DIR_MIN_FREE_BYTES); unknown: it could not be read; unconfigured: nothing that grows
   * lives there (S3 storage and PostgreSQL) or the check is off.
   */
  disk: z.object({
    status: z.enum(['ok', 'low', 'unknown', 'unconfigured']),
    freeBytes: z.number().optional(),
    totalBytes: z.number().optional(),
    minFreeBytes: z.number(),
  }),
  engines: z.array(
    z.object({ id: z.string(), status: componentStatusSchema, detail: z.string().optional() }),
  ),
});
export type Health = z.infer<typeof healthSchema>;
