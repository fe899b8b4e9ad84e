import { z } from 'zod';
import { userTextSchema } from './security';
import { pageSchema } from './common';
import { taskOutputSchema, taskStatusSchema } from './tasks';

/** Spec §1: the assistant offers two model choices. */
export const assistantModels = ['gemini', 'gpt'] as const;
export const assistantModelSchema = z.enum(assistantModels);
export type AssistantModel = z.infer<typeof assistantModelSchema>;

/** Longest question, in characters. */
export const QUESTION_MAX_CHARS = 4000;

/**
 * An image as the spec sends it (§3 `uploadedImage`, a data URL after the §5 size rule), or an
 * image already stored: a file id or a `/api/files/…` link (follow-up questions, edits of a
 * previous result). Data URLs are bounded by the body limit.
 */
export const imageRefSchema = z
  .string()
  .trim()
  .min(1)
  .max(16 * 1024 * 1024);

/** POST /api/ai/gptTalk and /api/ai/gptTalkStream (spec §3 chat fields). */
export const gptTalkBodySchema = z.object({
  /** Continue this conversation; absent starts a new one. */
  conversationId: z.string().min(1).max(64).nullish(),
  model: assistantModelSchema.default('gpt'),
  inputMessage: z.string().max(QUESTION_MAX_CHARS).default(''),
  /** Spec §4: a question is sent only with an image. */
  uploadedImage: imageRefSchema.nullish(),
  /** Spec §4: deep thinking defaults on. */
  deepThinking: z.boolean().default(true),
});
export type GptTalkBody = z.input<typeof gptTalkBodySchema>;

export const chatImageSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  thumbUrl: z.string().nullable(),
});

export const chatMessageStatusSchema = z.enum(['streaming', 'done', 'stopped', 'failed']);
export type ChatMessageStatus = z.infer<typeof chatMessageStatusSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** The model's reasoning ("深度思考"), assistant messages only. */
  reasoning: z.string(),
  image: chatImageSchema.nullable(),
  model: assistantModelSchema,
  deepThinking: z.boolean(),
  status: chatMessageStatusSchema,
  /** Why an answer failed or stopped, in Chinese for the user. */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  title: z.string(),
  model: assistantModelSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** The non-streaming answer: the stored question and answer. */
export const gptTalkResultSchema = z.object({
  conversation: conversationSchema,
  question: chatMessageSchema,
  answer: chatMessageSchema,
});
export type GptTalkResult = z.infer<typeof gptTalkResultSchema>;

/**
 * One `data:` line of /api/ai/gptTalkStream. `start` comes first (ids, the stored question), then
 * `reasoning` and `content` deltas in order, then `done` or `error`; `data: [DONE]` ends the body.
 */
export const chatStreamEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    conversation: conversationSchema,
    question: chatMessageSchema,
    answerId: z.string(),
  }),
  z.object({ type: z.literal('reasoning'), text: z.string() }),
  z.object({ type: z.literal('content'), text: z.string() }),
  z.object({ type: z.literal('done'), messageId: z.string(), conversationId: z.string() }),
  z.object({
    type: z.literal('error'),
    messageId: z.string().optional(),
    code: z.number().int(),
    /** Chinese, shown in the conversation. */
    error: z.string(),
  }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

export const gptTalkHistoryBodySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const conversationPageSchema = pageSchema(conversationSchema);

export const conversationIdQuerySchema = z.object({ conversationId: z.string().min(1).max(64) });
export const conversationDetailSchema = z.object({
  conversation: conversationSchema,
  messages: z.array(chatMessageSchema),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const conversationRenameBodySchema = z.object({
  conversationId: z.string().min(1).max(64),
  title: userTextSchema(60, { label: '标题', min: 1 }),
});

/** GET /api/ai/assistantStatus: what works before anything is sent (and costs). */
export const assistantStatusSchema = z.object({
  models: z.object({ gemini: z.boolean(), gpt: z.boolean() }),
  ticketType: z.literal(3),
  /** The GPT model's price; `prices` has each model's (admin setting assistantPrices). */
  ticketsPerQuestion: z.number().int().min(0),
  prices: z.object({ gemini: z.number().int(), gpt: z.number().int() }).optional(),
  /** False while an admin has switched the assistant off (feature switch `assistant`). */
  enabled: z.boolean().optional(),
  edit: z.object({
    available: z.boolean(),
    reason: z.string().optional(),
    ticketType: z.number().int(),
    price: z.number().int(),
  }),
});
export type AssistantStatus = z.infer<typeof assistantStatusSchema>;

/** POST /api/ai/EditImage: an image and a Chinese instruction; optionally a previous version. */
export const editImageBodySchema = z.object({
  image: imageRefSchema,
  instruction: z.string().max(1000).default(''),
  /** The edit this one continues (the version history). */
  parentTaskId: z.string().min(1).max(64).nullish(),
});
export type EditImageBody = z.input<typeof editImageBodySchema>;

export const editImageStartSchema = z.object({
  taskId: z.string(),
  queueNum: z.number().int().min(0),
});

export const editTaskIdBodySchema = z.object({ taskId: z.string().min(1).max(64) });

export const editInfoSchema = z.object({
  taskId: z.string(),
  status: taskStatusSchema,
  queueNum: z.number().int().min(0),
  progress: z.number().int().min(0).max(100),
  instruction: z.string(),
  source: chatImageSchema.nullable(),
  outputs: z.array(taskOutputSchema),
  parentTaskId: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type EditInfo = z.infer<typeof editInfoSchema>;

export const editHistoryBodySchema = gptTalkHistoryBodySchema;
export const editPageSchema = pageSchema(editInfoSchema);
