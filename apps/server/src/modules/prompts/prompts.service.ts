import type {
  ImageToPromptBody,
  PromptResult,
  PromptStatus,
  TextToPromptBody,
} from '@huijing/contracts';
import sharp from 'sharp';
import type { Logger } from 'pino';
import { AppError } from '../../http/app-error';
import type { UserRateLimiter } from '../../http/rate-limit';
import { LlmError } from '../../providers/llm/llm';
import type { LlmMessage, LlmModel, LlmProvider } from '../../providers/llm/llm';
import type { FilesService } from '../uploads/files.service';
import { imageToPromptInstructions, textToPromptInstructions } from './prompts.instructions';

export type PromptsService = ReturnType<typeof createPromptsService>;

/** Free of tickets; this many answers per user per minute keeps one user from draining the key. */
export const PROMPTS_PER_MINUTE = 10;

const FILE_URL_ID = /^\/api\/files\/([0-9a-f-]{36})(?:[/?]|$)/i;
const FILE_ID = /^[0-9a-f-]{36}$/i;

const asStrings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];

/**
 * Reads the model's answer: the JSON object the instructions ask for, tolerating code fences and
 * words around it. A model that ignored the format still gives its text as the Chinese prompt.
 */
export const parsePromptAnswer = (content: string): PromptResult => {
  const text = content.trim();
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start !== -1 && end > start) {
    try {
      const o = JSON.parse(text.slice(start, end + 1)) as Record<string, unknown>;
      const zh = typeof o.zh === 'string' ? o.zh.trim() : '';
      const en = typeof o.en === 'string' ? o.en.trim() : '';
      if (zh || en)
        return {
          zh,
          en,
          tags: asStrings(o.tags)
            .map((t) => t.trim())
            .slice(0, 8),
        };
    } catch {
      // not JSON after all: fall through to the plain text
    }
  }
  return { zh: text.replace(/^```\w*\s*|```$/g, '').trim(), en: '', tags: [] };
};

export const createPromptsService = (deps: {
  llm: LlmProvider;
  files: FilesService;
  logger: Logger;
  /** PROMPTS_PER_MINUTE per user, shared by every API process (container). */
  admit: UserRateLimiter;
}) => {
  // GPT first (the spec's assistant default), Gemini when only it is configured, else Qwen on
  // the DashScope key.
  const model = (): LlmModel | undefined =>
    (['gpt', 'gemini', 'qwen'] as const).find((m) => deps.llm.configured(m));

  const ask = async (userId: string, messages: LlmMessage[]): Promise<PromptResult> => {
    const chosen = model();
    if (!chosen) throw new AppError('PROMPT_UNCONFIGURED');
    await deps.admit(userId);
    try {
      const answer = await deps.llm.chat(chosen, messages, { temperature: 0.7, maxTokens: 1200 });
      const result = parsePromptAnswer(answer.content);
      if (!result.zh && !result.en) throw new LlmError('upstream', '模型没有给出内容');
      return result;
    } catch (error) {
      if (error instanceof AppError) throw error;
      deps.logger.warn({ err: error, model: chosen }, 'prompt tool: model call failed');
      // The adapter's message is written for designers; anything else gets the catalogue's words.
      throw new AppError('PROMPT_MODEL_FAILED', {
        ...(error instanceof LlmError && error.kind !== 'upstream' && { message: error.message }),
        cause: error,
      });
    }
  };

  /** The user's own uploaded image, downscaled to 1024 px JPEG as a data URL for vision input. */
  const imageDataUrl = async (userId: string, ref: string): Promise<string> => {
    const id = FILE_URL_ID.exec(ref)?.[1] ?? (FILE_ID.test(ref) ? ref : undefined);
    if (!id) throw new AppError('FILE_NOT_FOUND');
    const [file] = await deps.files.ownedFiles(userId, [id]);
    if (!file || !file.mime.startsWith('image/')) throw new AppError('FILE_NOT_FOUND');
    const { stream } = await deps.files.open(id, { userId });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const jpeg = await sharp(Buffer.concat(chunks))
      .rotate()
      .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  };

  return {
    status(): PromptStatus {
      return model()
        ? { available: true, perMinute: PROMPTS_PER_MINUTE }
        : {
            available: false,
            reason:
              '提示词工具尚未接入语言模型（需要管理员配置阿里云百炼密钥 DASHSCOPE_API_KEY 或 OpenAI 兼容的对话接口）',
            perMinute: PROMPTS_PER_MINUTE,
          };
    },

    text(userId: string, body: TextToPromptBody): Promise<PromptResult> {
      return ask(userId, [
        { role: 'system', content: textToPromptInstructions(body.style) },
        { role: 'user', content: body.idea },
      ]);
    },

    async image(userId: string, body: ImageToPromptBody): Promise<PromptResult> {
      if (!model()) throw new AppError('PROMPT_UNCONFIGURED');
      const url = await imageDataUrl(userId, body.image);
      return ask(userId, [
        { role: 'system', content: imageToPromptInstructions(body.style) },
        {
          role: 'user',
          content: [
            { type: 'text', text: '请把这张参考图写成渲染提示词。' },
            { type: 'image_url', image_url: { url } },
          ],
        },
      ]);
    },
  };
};
