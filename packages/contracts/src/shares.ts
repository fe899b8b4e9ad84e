import { z } from 'zod';
import { taskInfoSchema, taskOutputSchema } from './tasks';

/**
 * Finished-task pages (/done, /done2, /3dRenderDone) and read-only share links. The owner reads a
 * task by id (signed in); anyone else only through a share token the owner created on purpose.
 */

/** Where the done page looks for the task id (owner) and the share token (anyone). */
export const DONE_TASK_PARAM = 'taskId';
export const DONE_SHARE_PARAM = 'share';

export const taskIdBodySchema = z.object({ taskId: z.string().min(1).max(64) });

/** A signed link to one of the task's inputs, for the before/after comparison. */
export const taskInputLinkSchema = z.object({
  url: z.string(),
  thumbUrl: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
});

/** One stored input file of a task, with fresh signed links (the tool page's InputImage shape). */
export const taskInputFileSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  thumbUrl: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TaskInputFile = z.infer<typeof taskInputFileSchema>;

/**
 * GET /api/ai/taskDetail?taskId= — the owner's view of one task. Only the owner ever reads it:
 * `params` and `inputs` (the original and the settings, for "再来一次") never reach a share link.
 */
export const taskDetailSchema = z.object({
  task: taskInfoSchema,
  /** The ticket type the run was paid with (spec §9: types other than 1 and 2 get a watermark). */
  ticketType: z.number().int(),
  /** The main input image (upload_img) when the tool takes one and it still exists. */
  before: taskInputLinkSchema.nullable(),
  /** The active share token, when the owner has shared this task. */
  shareToken: z.string().nullable(),
  /** The parameters the run was started with (validated and with defaults filled in). */
  params: z.record(z.string(), z.unknown()),
  /** Input name → its files, in the order given; a file that no longer exists is left out. */
  inputs: z.record(z.string(), z.array(taskInputFileSchema)),
  /** Inputs the run had whose files are gone (all or some of them): a re-run needs new ones. */
  missingInputs: z.array(z.string()),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

/** POST /api/ai/shareTask {taskId} — creates (or returns the active) unguessable token. */
export const shareTaskResultSchema = z.object({ token: z.string() });

/** GET /api/ai/sharedTask?token= — public and read-only: outputs only, nobody's inputs or ids. */
export const sharedTaskQuerySchema = z.object({ token: z.string().min(1).max(128) });
export const sharedTaskSchema = z.object({
  toolId: z.string(),
  ticketType: z.number().int(),
  outputs: z.array(taskOutputSchema),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SharedTask = z.infer<typeof sharedTaskSchema>;
