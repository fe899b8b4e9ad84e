import type { SamplePicture, Samples } from '@huijing/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './request';

/**
 * Example pictures of styles, room types and tools (GET /api/ai/samples): made by this
 * installation's engines with `npm run samples`, or the local engine's set shipped in the repo.
 * Pickers and tool cards show one when there is one and keep their drawn look otherwise.
 */
export const samplesQuery = () =>
  queryOptions({
    queryKey: ['samples'] as const,
    queryFn: async (): Promise<Samples> => {
      // No schema: the home page's first load carries no validation code (see tool-availability).
      const envelope = await api.get<Samples>('/ai/samples', { silent: true });
      if (!envelope.success) throw new Error(envelope.message);
      return envelope.data;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Which words say who made a picture: the built-in engine, or the AI engine configured here. */
export const sampleMaker = (picture: Pick<SamplePicture, 'engine'>): 'local' | 'ai' =>
  picture.engine === 'local' ? 'local' : 'ai';
