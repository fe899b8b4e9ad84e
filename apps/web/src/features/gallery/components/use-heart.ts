import type { GalleryItem } from '@huijing/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { useCurrentUser } from '../../../components/use-session';
import { notify } from '../../../lib/notify';
import { patchItem, setCollected } from '../api/gallery.api';

/**
 * The heart: flips at once in every cached list and detail (no refetch, so no list moves), then
 * takes the server's count; on failure it flips back. Guests are asked to sign in first.
 */
export const useHeart = (item: Pick<GalleryItem, 'id' | 'collected' | 'collectCount'>) => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { signedIn } = useCurrentUser();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const busy = useRef(false);
  const toggle = async () => {
    if (!signedIn) {
      openLogin();
      return;
    }
    if (busy.current) return;
    busy.current = true;
    const next = !item.collected;
    const before = { collected: item.collected, collectCount: item.collectCount };
    patchItem(client, item.id, {
      collected: next,
      collectCount: Math.max(0, item.collectCount + (next ? 1 : -1)),
    });
    try {
      const r = await setCollected(item.id, next);
      patchItem(client, item.id, { collected: r.collected, collectCount: r.collectCount });
      if (next) notify(t('community.card.collected'), 'success');
    } catch {
      patchItem(client, item.id, before);
    } finally {
      busy.current = false;
    }
  };
  return { collected: item.collected, count: item.collectCount, toggle: () => void toggle() };
};
