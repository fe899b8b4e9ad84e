import type { GalleryItem } from '@huijing/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { useCurrentUser } from '../../../components/use-session';
import { notify } from '../../../lib/notify';
import { defaultCollect } from '../api/default-collect';
import { patchItem, setCollected } from '../api/gallery.api';

/**
 * The heart: flips at once in every cached list and detail (no refetch, so no list moves), then
 * takes the server's count; on failure it flips back. Guests are asked to sign in first.
 */
export const useHeart = (item: Pick<GalleryItem, 'id' | 'collected' | 'collectCount'>) => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { signedIn, user } = useCurrentUser();
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
      // Into the collection chosen as default on this device (spec §3 defaultCollect), else
      // the server's 默认收藏; a chosen one deleted meanwhile is forgotten and the heart retried.
      const chosen = next ? defaultCollect.get(user?.id) : undefined;
      const r = await setCollected(item.id, next, chosen).catch((e: unknown) => {
        if (!chosen || !(e instanceof Error && e.message.includes('合集不存在'))) throw e;
        defaultCollect.forget(chosen);
        return setCollected(item.id, next);
      });
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
