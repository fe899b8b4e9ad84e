import type { TicketGrants } from '@huijing/contracts';
import { create } from 'zustand';

/**
 * Opens the recharge modal (spec §2) from anywhere — the ticket counter, the account menu, every
 * 次数不足 error, /dingzhi — without features importing the commerce feature: app/ mounts the
 * modal once and it reads this store.
 */
export type RechargeTab = 'tickets' | 'vip' | 'orders';

export interface RechargeIntent {
  tab?: RechargeTab;
  /** Start the payment of this product right away (its card preselected). */
  productId?: string;
  /** A /dingzhi purchase: quantities per ticket type. */
  quantities?: TicketGrants;
  /** Why it opened (the 次数不足 or 会员专享 hint at the top). */
  reason?: 'tickets-short' | 'vip-required';
}

interface RechargeState {
  open: boolean;
  /** Bumped on every open, so the modal restarts from the given intent. */
  seq: number;
  intent: RechargeIntent;
  openRecharge: (intent?: RechargeIntent) => void;
  closeRecharge: () => void;
}

export const useRecharge = create<RechargeState>()((set) => ({
  open: false,
  seq: 0,
  intent: {},
  openRecharge: (intent = {}) => set((s) => ({ open: true, seq: s.seq + 1, intent })),
  closeRecharge: () => set({ open: false }),
}));
