/**
 * The one place server messages reach the user. lib/ stays free of React: the app registers
 * antd's message API here once it is mounted (app/providers.tsx).
 */
export type Notifier = (message: string, kind: 'error' | 'warning' | 'success' | 'info') => void;

let current: Notifier | undefined;

export const registerNotifier = (notifier: Notifier | undefined): void => {
  current = notifier;
};

export const notify: Notifier = (message, kind) => {
  if (current) current(message, kind);
  // Before the UI is mounted nothing can be shown; keep the message for developers.
  else console.warn(`[notify:${kind}] ${message}`);
};
