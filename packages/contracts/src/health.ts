import { z } from 'zod';

export const componentStatusSchema = z.enum(['up', 'down', 'unconfigured']);

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  role: z.enum(['all', 'api', 'worker']),
  uptimeSeconds: z.number(),
  database: z.object({
    status: componentStatusSchema,
    dialect: z.enum(['sqlite', 'postgres']),
    latencyMs: z.number(),
  }),
  queue: z.object({ status: componentStatusSchema, driver: z.enum(['in-process', 'bullmq']) }),
  engines: z.array(
    z.object({ id: z.string(), status: componentStatusSchema, detail: z.string().optional() }),
  ),
});
export type Health = z.infer<typeof healthSchema>;
