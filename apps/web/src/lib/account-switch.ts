/**
 * A link's satoken for another account than the one signed in (lib/redirects.ts planStartup):
 * held in memory until the auth feature asks the person whether to switch, never stored, so a
 * link alone cannot swap the account.
 */
let pending: string | undefined;

export const offerAccountSwitch = (token: string): void => {
  pending = token;
};

/** The token offered by the link, once (the next call answers undefined). */
export const takeAccountSwitch = (): string | undefined => {
  const token = pending;
  pending = undefined;
  return token;
};

export type AccountLabel = { id: string; nickname: string; phone: string | null };

/** How the dialog names an account: its nickname, else its masked phone. */
export const accountName = (account: AccountLabel | undefined): string | undefined =>
  account?.nickname.trim() || account?.phone || undefined;

export type AccountSwitchDecision =
  /** Nobody is signed in after all (the stored token was rejected): sign in with the link's. */
  | { kind: 'adopt' }
  /** The link's token is dead, or the same account's: keep the session as it is. */
  | { kind: 'ignore' }
  | { kind: 'ask'; message: string };

/**
 * What to do with a link's token of another session. `incoming` is the account behind it,
 * `null` when the server refused the token, undefined when it could not be asked.
 */
export const decideAccountSwitch = (
  current: AccountLabel | undefined,
  incoming: AccountLabel | null | undefined,
): AccountSwitchDecision => {
  if (incoming === null) return { kind: 'ignore' };
  if (!current) return { kind: 'adopt' };
  if (incoming?.id === current.id) return { kind: 'ignore' };
  const from = accountName(current) ?? '当前账号';
  const to = accountName(incoming) ?? '链接中的账号';
  return { kind: 'ask', message: `当前已登录 ${from}，是否切换到 ${to}？` };
};
