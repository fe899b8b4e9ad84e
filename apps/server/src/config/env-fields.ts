import { z } from 'zod';

/** Field types shared by the environment schemas (config/env.ts, the areas' own). */

export const positiveInt = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .positive('must be positive')
    .default(fallback);

export const nonNegativeInt = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(0, 'must be 0 or more')
    .default(fallback);

const isHttpUrl = (v: string) => /^https?:\/\/[^/\s]+/i.test(v) && URL.canParse(v);

export const httpUrl = () =>
  z.string().refine(isHttpUrl, { message: 'must be an http(s) URL' }).optional();

/** A comma-separated list, trimmed, empty entries dropped (unset: none). */
export const splitList = (v: string | undefined): string[] =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** One http(s) URL or several, comma-separated (COMFYUI_URL: one per backend). */
export const httpUrlList = () =>
  z
    .string()
    .refine((v) => splitList(v).length > 0 && splitList(v).every(isHttpUrl), {
      message: 'must be an http(s) URL or a comma-separated list of them',
    })
    .optional();

/**
 * Extra request fields for a chat model when deep thinking is on, as a JSON object (Gemini's
 * OpenAI-compatible endpoint: {"reasoning_effort":"medium"}; Qwen3: {"enable_thinking":true}).
 */
export const jsonObject = () =>
  z
    .string()
    .transform((v, ctx) => {
      try {
        const value: unknown = JSON.parse(v);
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          return value as Record<string, unknown>;
        }
      } catch {
        // reported below
      }
      ctx.addIssue({
        code: 'custom',
        message: 'must be a JSON object, e.g. {"reasoning_effort":"medium"}',
      });
      return z.NEVER;
    })
    .optional();
