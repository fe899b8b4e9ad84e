import { z } from 'zod';

/** GET /api/ai/queueEstimate?toolId= — how long a run of this tool takes here, lately. */
export const queueEstimateQuerySchema = z.object({ toolId: z.string().min(1).max(64) });

export const queueEstimateSchema = z.object({
  toolId: z.string(),
  /** Median seconds from start to finish of this tool's recent successful runs; null: no runs yet. */
  runSeconds: z.number().nullable(),
  /** How many recent runs the median is taken over. */
  samples: z.number().int().min(0),
  /** Runs of this tool's engine that go at once (the worker's concurrency for that engine). */
  slots: z.number().int().min(1),
});
export type QueueEstimate = z.infer<typeof queueEstimateSchema>;
