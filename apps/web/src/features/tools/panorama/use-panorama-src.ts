import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { authHeaders, buildUrl } from '../../../lib/request';
import { sharedTask } from './panorama.api';
import { isEquirect, type PanoramaSource } from './panorama-model';

export type PanoramaSrc =
  { status: 'loading' } | { status: 'ready'; url: string; flat: boolean } | { status: 'missing' };

/**
 * The picture address for a source. A file link carries no signature (it is for the owner), so
 * the file is read with the session header and shown from memory; a share token is resolved
 * through the public shared-run endpoint; a local picture is already an object URL.
 */
export const usePanoramaSrc = (source: PanoramaSource): PanoramaSrc => {
  const token = source.kind === 'share' ? source.token : '';
  const fileId = source.kind === 'file' ? source.fileId : '';
  const shared = useQuery({
    queryKey: ['panorama', 'shared', token],
    queryFn: () => sharedTask(token),
    enabled: token !== '',
    retry: false,
  });
  const owned = useQuery({
    queryKey: ['panorama', 'file', fileId],
    queryFn: async () => {
      const res = await fetch(buildUrl(`/files/${encodeURIComponent(fileId)}`), {
        headers: authHeaders(),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.blob();
    },
    enabled: fileId !== '',
    retry: false,
    staleTime: Infinity,
  });
  const blobUrl = useMemo(() => owned.data && URL.createObjectURL(owned.data), [owned.data]);
  useEffect(
    () => () => {
      if (blobUrl) URL.revokeObjectURL(blobUrl);
    },
    [blobUrl],
  );

  if (source.kind === 'url') return { status: 'ready', url: source.url, flat: false };
  if (source.kind === 'share') {
    if (shared.isPending) return { status: 'loading' };
    const out = shared.data?.outputs.find((o) => o.kind === 'image');
    if (!out) return { status: 'missing' };
    return { status: 'ready', url: out.url, flat: !isEquirect(out.width, out.height) };
  }
  if (owned.isError) return { status: 'missing' };
  if (!blobUrl) return { status: 'loading' };
  return { status: 'ready', url: blobUrl, flat: false };
};
