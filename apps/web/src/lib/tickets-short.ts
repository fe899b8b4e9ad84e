/**
 * What happens when the server answers 次数不足 (TICKETS_INSUFFICIENT, code 40200): the app
 * registers the recharge modal here once it is mounted (lib/ stays free of React and features).
 */
export const TICKETS_INSUFFICIENT_CODE = 40200;

let handler: (() => void) | undefined;

export const registerTicketsShortHandler = (fn: (() => void) | undefined): void => {
  handler = fn;
};

/** Called by lib/request for every 次数不足 answer, shown or silent. */
export const ticketsShort = (code: unknown): void => {
  if (code === TICKETS_INSUFFICIENT_CODE) handler?.();
};
