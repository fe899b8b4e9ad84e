import { storage, storageKeys } from './storage-keys';

/**
 * Who has finished or skipped the tool-page guide (新手引导) on this device: account ids,
 * 'guest', or '*' (all). Plain so the shell can tell, without loading the help feature, whether
 * a tool page needs the guide at all.
 */
const doneFor = (): string[] => {
  const value = storage.get(storageKeys.guideDone);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
};

export const guideDone = (account: string): boolean => {
  const done = doneFor();
  return done.includes('*') || done.includes(account) || done.includes('guest');
};

export const markGuideDone = (account: string) => {
  const done = doneFor();
  if (!done.includes(account)) storage.set(storageKeys.guideDone, [...done, account].slice(-20));
};

/** The guide points at the desktop workspace; phones never get it. */
export const guideFitsScreen = () => typeof window !== 'undefined' && window.innerWidth >= 768;

/** The tool page's workspace (not the plain frame drawn while it loads), the guide's stage. */
export const TOOL_WORKSPACE = '.hj-tool:not(.hj-tool-frame)';
