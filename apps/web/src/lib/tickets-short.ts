/**
 * What happens when the server answers 次数不足 (TICKETS_INSUFFICIENT, code 40200) or 会员专享
 * (VIP_REQUIRED, code 40330): the app registers the recharge modal here once it is mounted
 * (lib/ stays free of React and features); it opens on the ticket packs or on the VIP plans.
 */
export const TICKETS_INSUFFICIENT_CODE = 40200;
export const VIP_REQUIRED_CODE = 40330;

export type PurchaseNeed = 'tickets-short' | 'vip-required';

let handler: ((need: PurchaseNeed) => void) | undefined;

export const registerTicketsShortHandler = (
  fn: ((need: PurchaseNeed) => void) | undefined,
): void => {
  handler = fn;
};

/** Called by lib/request for every 次数不足 and 会员专享 answer, shown or silent. */
export const ticketsShort = (code: unknown): void => {
  if (code === TICKETS_INSUFFICIENT_CODE) handler?.('tickets-short');
  else if (code === VIP_REQUIRED_CODE) handler?.('vip-required');
};
