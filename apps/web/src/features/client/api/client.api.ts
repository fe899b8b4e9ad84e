import { clientDownloadsSchema } from '@huijing/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/request';

/** GET /client/downloads: the builds an admin published (public). */
export const clientDownloadsQuery = () =>
  queryOptions({
    queryKey: ['client', 'downloads'] as const,
    queryFn: async () => {
      const envelope = await api.get('/client/downloads', {
        schema: clientDownloadsSchema,
        silent: true,
      });
      if (!envelope.success) throw new Error(envelope.message);
      return envelope.data;
    },
    staleTime: 60_000,
  });
