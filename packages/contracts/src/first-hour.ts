import { z } from 'zod';
import { userTextSchema } from './security';

export { SAMPLE_THUMB_WIDTHS, sampleImageSources, sampleThumbUrl } from './plain-constants';

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

// ---- works as projects: a designer's folders for a client's works ----------------

export const PROJECTS_MAX = 100;
export const projectNameSchema = userTextSchema(30, {
  label: '项目名称',
  min: 1,
  tooShort: '请填写项目名称',
});

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Visible works in it. */
  count: z.number().int().min(0),
  createdAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = z.object({
  list: z.array(projectSchema),
  /** Visible works in no project. */
  unfiled: z.number().int().min(0),
});

export const projectCreateBodySchema = z.object({ name: projectNameSchema });
export const projectRenameBodySchema = z.object({
  projectId: z.string().min(1).max(64),
  name: projectNameSchema,
});
export const projectIdBodySchema = z.object({ projectId: z.string().min(1).max(64) });
/** Moves works into a project; projectId null takes them out of any. */
export const projectMoveBodySchema = z.object({
  taskIds: z.array(z.string().min(1).max(64)).min(1).max(100),
  projectId: z.string().min(1).max(64).nullable(),
});
export const projectMoveResultSchema = z.object({ moved: z.number().int().min(0) });

// ---- example pictures: what this installation makes, per style, room type and tool --

export const sampleKinds = ['style', 'room', 'tool'] as const;
export type SampleKind = (typeof sampleKinds)[number];

/** One example picture and what made it (`npm run samples`, or the set shipped in the repo). */
export const samplePictureSchema = z.object({
  /** Served by GET /api/ai/samples/file/:name; the query changes when the picture is remade. */
  url: z.string(),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  /** For tools: the bundled input the result was made from (a before/after pair). */
  beforeUrl: z.string().nullable(),
  /** 'local' (the built-in CPU engine), 'comfyui' or 'openai-images'. */
  engine: z.string(),
  /** The model or workflow when the engine names one. */
  model: z.string().nullable(),
  /** The prompt sent to a generative engine; null for classical tools. */
  prompt: z.string().nullable(),
  madeAt: z.string(),
  /** Shipped in the repo (made on a developer's machine by the local engine), not made here. */
  bundled: z.boolean(),
});
export type SamplePicture = z.infer<typeof samplePictureSchema>;

/** GET /api/ai/samples: catalogue ids (styles, room types) and tool ids to their pictures. */
export const samplesSchema = z.object({
  style: z.record(z.string(), samplePictureSchema),
  room: z.record(z.string(), samplePictureSchema),
  tool: z.record(z.string(), samplePictureSchema),
});
export type Samples = z.infer<typeof samplesSchema>;

/** A run of `npm run samples` or of the admin's 重新生成示例图, as the engines screen shows it. */
export const samplesRunSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  force: z.boolean(),
  made: z.number().int().min(0),
  kept: z.number().int().min(0),
  notMade: z.number().int().min(0),
  failed: z.array(z.object({ name: z.string(), reason: z.string() })),
  /** Whether an AI engine (ComfyUI or the images API) was configured. */
  aiEngine: z.boolean().nullable(),
  /** Set when the run itself broke (not one picture). */
  error: z.string().nullable(),
});
export type SamplesRun = z.infer<typeof samplesRunSchema>;

/** GET /api/user/manage/samples: what the pickers and cards have now, and the last run here. */
export const samplesAdminSchema = z.object({
  counts: z.object({ style: z.number(), room: z.number(), tool: z.number() }),
  running: z.boolean(),
  last: samplesRunSchema.nullable(),
});
export type SamplesAdmin = z.infer<typeof samplesAdminSchema>;

export const samplesRegenerateSchema = z.object({
  /** Make again what is already there. */
  force: z.boolean().default(false),
  /** Only these catalogue or tool ids (redo one picture); all when absent. */
  ids: z.array(z.string().min(1).max(64)).min(1).max(50).optional(),
  reason: userTextSchema(200, { label: '原因', multiline: true }).optional(),
});
