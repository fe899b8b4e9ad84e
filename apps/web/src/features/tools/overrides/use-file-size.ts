import { queryOptions, useQuery } from '@tanstack/react-query';

export interface FileFacts {
  bytes: number;
  /** The MIME type the server sent (e.g. image/webp). */
  type: string;
}

/**
 * The byte size and type of a stored file, read by downloading it (the browser caches it for the page
 * that shows it anyway); file urls are same-origin and signed, so no token is needed.
 */
export const fileSizeQuery = (url: string | undefined) =>
  queryOptions({
    queryKey: ['hj-file-size', url],
    queryFn: async () => {
      const res = await fetch(url!);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const blob = await res.blob();
      return { bytes: blob.size, type: blob.type } satisfies FileFacts;
    },
    enabled: Boolean(url),
    staleTime: Infinity,
    retry: 1,
  });

export const useFileSize = (url: string | undefined) => useQuery(fileSizeQuery(url));
