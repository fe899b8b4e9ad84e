import { IMAGE_RESIZED_NOTICE } from '@huijing/contracts';
import { storage, storageKeys } from './storage-keys';

/**
 * The one place server messages reach the user. lib/ stays free of React: the app registers
 * antd's message API here once it is mounted (app/providers.tsx).
 */
export type NoticeKind = 'error' | 'warning' | 'success' | 'info';

/**
 * Shows a message; may return a function that closes it early. `silence`, when given, is what a
 * 不再提示 action next to the message calls.
 */
export type Notifier = (
  message: string,
  kind: NoticeKind,
  silence?: () => void,
) => void | (() => void);

/** Notices a person may silence for good (spec §5: "unless silenced"). */
const SILENCEABLE: ReadonlySet<string> = new Set([IMAGE_RESIZED_NOTICE]);

const silenced = (): string[] => {
  const list = storage.get(storageKeys.silencedNotices);
  return Array.isArray(list) ? list : [];
};

export const isSilenced = (message: string): boolean => silenced().includes(message);

export const silenceNotice = (message: string): void => {
  if (!isSilenced(message)) storage.set(storageKeys.silencedNotices, [...silenced(), message]);
};

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
  if (SILENCEABLE.has(message) && isSilenced(message)) return;
  if (current) {
    const silence = SILENCEABLE.has(message)
      ? () => {
          silenceNotice(message);
          pageNotices.get(message)?.();
        }
      : undefined;
    const close = silence ? current(message, kind, silence) : current(message, kind);
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
