import { z } from 'zod';

/** The closed set of task statuses (docs/tasks.md has the state machine). */
export const taskStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed', 'canceled']);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/** An input: a file id from /api/upload, a /api/files/… URL, or a data URL (stored first). */
export const taskInputValueSchema = z.union([z.string().min(1), z.array(z.string().min(1))]);

/**
 * POST /api/ai/startTask. Either {toolId, params, inputs} or the spec's flat form
 * {toolId, promptTxt, cnStrength, upload_img, …}: top-level keys that name one of the tool's
 * inputs are inputs, the rest are parameters (unknown ones are dropped by the tool's schema).
 */
export const startTaskBodySchema = z
  .object({
    toolId: z.string().min(1).max(64),
    params: z.record(z.string(), z.unknown()).optional(),
    inputs: z.record(z.string(), taskInputValueSchema).optional(),
  })
  .catchall(z.unknown());
export type StartTaskBody = z.infer<typeof startTaskBodySchema>;

export const startTaskResultSchema = z.object({
  taskId: z.string(),
  /** Queued tasks ahead of this one on its engine. */
  queueNum: z.number().int().min(0),
});

export const taskOutputSchema = z.object({
  url: z.string(),
  thumbUrl: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  kind: z.enum(['image', 'video']),
  /**
   * How much of the input's structure the picture kept, 0–1 (shown as 结构保持 92%), for tools
   * that promise to keep the space; null for others and for runs made before it was measured.
   */
  structureScore: z.number().min(0).max(1).nullable().optional(),
});

export const taskInfoSchema = z.object({
  taskId: z.string(),
  toolId: z.string(),
  status: taskStatusSchema,
  queueNum: z.number().int().min(0),
  progress: z.number().int().min(0).max(100),
  outputs: z.array(taskOutputSchema),
  /** The run's prompt (promptTxt), when the tool takes one: shown and searched on the works page. */
  prompt: z.string().nullable().optional(),
  /**
   * What the designer picked (style, space, view, atmosphere…) by catalogue name, in the form's
   * order: the works page shows a work's own settings. Unknown or empty picks are left out.
   */
  settings: z.array(z.object({ name: z.string(), nameEn: z.string().nullable() })).optional(),
  /** A Chinese message for the user when the task failed. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TaskInfo = z.infer<typeof taskInfoSchema>;

export const taskIdQuerySchema = z.object({ taskId: z.string().min(1).max(64) });
/**
 * delTaskByTaskId: without `keep` it deletes (a queued or running task is canceled first, tickets
 * back); `keep=1` only cancels, and the run stays in history as 已取消.
 */
export const deleteTaskQuerySchema = taskIdQuerySchema.extend({
  keep: z.enum(['0', '1']).optional(),
});

const isoInstant = z
  .string()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)), { message: '日期格式不正确' });

export const taskListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  toolId: z.string().max(64).optional(),
  family: z.enum(['render', 'edit', 'generate']).optional(),
  /** Works page search: tool names (zh-CN / en-US) and the text of the task's parameters. */
  q: z.string().trim().max(100).optional(),
  /** Created at or after this instant (ISO 8601; the web sends the start of a local day). */
  from: isoInstant.optional(),
  /** Created before this instant (exclusive). */
  to: isoInstant.optional(),
  /** Works of one project; 'none': works in no project. */
  projectId: z.string().min(1).max(64).optional(),
});

export const taskListSchema = z.object({
  list: z.array(taskInfoSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TaskList = z.infer<typeof taskListSchema>;

/** GET /api/ai/tools: every tool with price and whether an engine can run it now. */
export const toolAvailabilitySchema = z.object({
  id: z.string(),
  routes: z.array(z.string()),
  family: z.enum(['render', 'edit', 'generate']),
  ticketType: z.number().int(),
  price: z.number().int(),
  capability: z.string(),
  available: z.boolean(),
  reason: z.string().optional(),
  engine: z.string().optional(),
});
export type ToolAvailability = z.infer<typeof toolAvailabilitySchema>;
export const toolsListSchema = z.array(toolAvailabilitySchema);

/** POST /api/ai/clickMask — interactive segmentation from clicks (positive or negative). */
export const clickMaskBodySchema = z
  .object({
    fileId: z.string().min(1).max(64).optional(),
    image: z.string().min(1).optional(),
    points: z
      .array(z.object({ x: z.number(), y: z.number(), positive: z.boolean().default(true) }))
      .min(1)
      .max(50),
  })
  .refine((b) => b.fileId !== undefined || b.image !== undefined, {
    message: '请先上传图片',
    path: ['fileId'],
  });
export const clickMaskResultSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ClickMaskResult = z.infer<typeof clickMaskResultSchema>;
