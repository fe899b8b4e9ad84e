import { IMAGE_RESIZED_NOTICE } from '@huijing/contracts';

/**
 * The one place server messages reach the user. lib/ stays free of React: the app registers
 * antd's message API here once it is mounted (app/providers.tsx).
 */
export type NoticeKind = 'error' | 'warning' | 'success' | 'info';

/** Shows a message; may return a function that closes it early. */
export type Notifier = (message: string, kind: NoticeKind) => void | (() => void);

let current: Notifier | undefined;

/**
 * Notices about what is on the page they were shown on (the photo just uploaded was downscaled):
 * they mean nothing on the next page, so leaving the page closes them. Everything else runs its
 * course, since a page may well say something and then move on (saved, then back to the list).
 */
const PAGE_NOTICES: ReadonlySet<string> = new Set([IMAGE_RESIZED_NOTICE]);

/** The page notices still open: their close functions. */
const pageNotices = new Map<string, () => void>();

export const registerNotifier = (notifier: Notifier | undefined): void => {
  current = notifier;
  pageNotices.clear();
};

export const notify = (message: string, kind: NoticeKind): void => {
  if (current) {
    const close = current(message, kind);
    if (typeof close === 'function' && PAGE_NOTICES.has(message)) pageNotices.set(message, close);
  }
  // Before the UI is mounted nothing can be shown; keep the message for developers.
  else console.warn(`[notify:${kind}] ${message}`);
};

/** The designer went to another page: close the notices that were about the last one. */
export const leavePage = (): void => {
  for (const close of pageNotices.values()) close();
  pageNotices.clear();
};
