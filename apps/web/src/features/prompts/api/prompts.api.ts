import {
  IMAGE_RESIZED_NOTICE,
  promptResultSchema,
  promptStatusSchema,
  uploadResultSchema,
  type Envelope,
  type PromptResult,
  type PromptStyle,
} from '@huijing/contracts';
import { queryOptions } from '@tanstack/react-query';
import { prepareImage } from '../../../lib/image-file';
import { notify } from '../../../lib/notify';
import { api } from '../../../lib/request';

const unwrap = async <T>(call: Promise<Envelope<T>>): Promise<T> => {
  const envelope = await call;
  if (!envelope.success) throw new Error(envelope.message);
  return envelope.data;
};

/** GET /prompts/status: whether a language model is connected (public). */
export const promptStatusQuery = () =>
  queryOptions({
    queryKey: ['prompts', 'status'] as const,
    queryFn: () => unwrap(api.get('/prompts/status', { schema: promptStatusSchema, silent: true })),
    staleTime: 30_000,
  });

// Errors are shown inside the page (beside the input), not as a toast.
export const textToPrompt = (idea: string, style: PromptStyle): Promise<PromptResult> =>
  unwrap(
    api.post('/prompts/text', {
      body: { idea, style },
      schema: promptResultSchema,
      silent: true,
      timeout: 0,
    }),
  );

export const imageToPrompt = (image: string, style: PromptStyle): Promise<PromptResult> =>
  unwrap(
    api.post('/prompts/image', {
      body: { image, style },
      schema: promptResultSchema,
      silent: true,
      timeout: 0,
    }),
  );

/** The reference image goes to POST /upload first (spec §5 size rule applied in the browser). */
export const uploadReference = async (file: File) => {
  const prepared = await prepareImage(file);
  let body: FormData | { image: string };
  if (prepared.compressed) {
    body = { image: prepared.dataUrl };
  } else {
    body = new FormData();
    body.append('file', file, file.name);
  }
  const result = await unwrap(
    api.post('/upload', { body, schema: uploadResultSchema, silent: true }),
  );
  if (prepared.compressed || result.resized) notify(IMAGE_RESIZED_NOTICE, 'warning');
  return result;
};
