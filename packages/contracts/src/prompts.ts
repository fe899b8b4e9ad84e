import { z } from 'zod';

/**
 * The prompt tools (/text2prompt, /img2prompt). Free of tickets, limited per user per minute;
 * the answer has a Chinese prompt for people and an English one for render engines.
 */

export const promptModelSchema = z.enum(['gpt', 'gemini']);

/** GET /api/prompts/status: whether a language model is configured (checked before any work). */
export const promptStatusSchema = z.object({
  available: z.boolean(),
  /** Why not, in Chinese, when unavailable. */
  reason: z.string().optional(),
  perMinute: z.number().int(),
});
export type PromptStatus = z.infer<typeof promptStatusSchema>;

export const promptStyleSchema = z.enum(['interior', 'architecture', 'landscape', 'general']);
export type PromptStyle = z.infer<typeof promptStyleSchema>;

/** POST /api/prompts/text: a short idea expanded into a rendering prompt. */
export const textToPromptBodySchema = z.object({
  idea: z
    .string()
    .trim()
    .min(2, { message: '请先写下你的想法（至少 2 个字）' })
    .max(500, { message: '想法请控制在 500 字以内' }),
  style: promptStyleSchema.default('interior'),
});
export type TextToPromptBody = z.infer<typeof textToPromptBodySchema>;

/** POST /api/prompts/image: an uploaded image (file id or /api/files URL) described as a prompt. */
export const imageToPromptBodySchema = z.object({
  image: z.string().min(1, { message: '请先上传图片' }).max(512),
  style: promptStyleSchema.default('interior'),
});
export type ImageToPromptBody = z.infer<typeof imageToPromptBodySchema>;

export const promptResultSchema = z.object({
  /** Chinese prompt, for designers and Chinese-language tools. */
  zh: z.string(),
  /** English prompt, for render engines (Stable Diffusion, Flux …). */
  en: z.string(),
  /** Short keyword tags (Chinese). */
  tags: z.array(z.string()),
});
export type PromptResult = z.infer<typeof promptResultSchema>;
