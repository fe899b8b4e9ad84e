import sharp from 'sharp';
import type { Logger } from 'pino';
import type { LlmModel, LlmProvider } from '../../providers/llm/llm';
import type { StoragePort } from '../../providers/storage';
import type { StoredFile } from '../uploads/files.repository';

export type CaptionWriter = {
  describe(
    files: StoredFile[],
    ctx: { triggerWord: string; domainWords: string },
  ): Promise<{ captions: string[]; source: 'vision' | 'domain' }>;
};

const PROMPT =
  'Describe this picture as a short training caption for an image model: one line of English, ' +
  'comma-separated tags about the space, style, materials, colours and lighting; at most 40 words; ' +
  'no sentences, no quotes.';

/**
 * Captions for the dataset: from the configured vision model (MODEL_CAPTION_LLM) when there is
 * one, else the trigger word plus the domain's words. A picture the model fails on gets the
 * domain caption; the designer can edit every caption in the wizard anyway.
 */
export const createCaptionWriter = (deps: {
  llm: LlmProvider;
  model: LlmModel | undefined;
  storage: StoragePort;
  logger: Logger;
}): CaptionWriter => ({
  async describe(files, ctx) {
    const plain = `${ctx.triggerWord}, ${ctx.domainWords}`;
    const model = deps.model;
    if (!model || !deps.llm.configured(model) || files.length === 0)
      return { captions: files.map(() => plain), source: 'domain' };
    const one = async (file: StoredFile) => {
      try {
        const small = await sharp(await deps.storage.read(file.storageKey))
          .rotate()
          .resize(512, 512, { fit: 'inside' })
          .jpeg({ quality: 80 })
          .toBuffer();
        const answer = await deps.llm.chat(
          model,
          [
            {
              role: 'user',
              content: [
                { type: 'text', text: PROMPT },
                {
                  type: 'image_url',
                  image_url: { url: `data:image/jpeg;base64,${small.toString('base64')}` },
                },
              ],
            },
          ],
          { maxTokens: 120, temperature: 0.2, signal: AbortSignal.timeout(30_000) },
        );
        const text = answer.content.replace(/\s+/g, ' ').replace(/["“”]/g, '').trim().slice(0, 250);
        return text ? `${ctx.triggerWord}, ${text}` : plain;
      } catch (err) {
        deps.logger.warn({ err, fileId: file.id }, 'caption model failed; domain caption used');
        return plain;
      }
    };
    const captions: string[] = [];
    // A few at a time: fifty pictures at once would trip the provider's rate limit.
    for (let i = 0; i < files.length; i += 4)
      captions.push(...(await Promise.all(files.slice(i, i + 4).map(one))));
    return { captions, source: 'vision' };
  },
});
