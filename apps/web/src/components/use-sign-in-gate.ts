import { useEffect, useRef } from 'react';
import { useAccountDialogs } from './account-dialogs.store';
import { useCurrentUser } from './use-session';

/** Asks for an account before an action: runs `resume` once there is one (or never). */
export type RequireLogin = (resume?: () => void) => void;

/**
 * The sign-in gate of an action that needs an account (an upload, a run). Undefined while signed
 * in, so callers pass it as "set while signed out". While a stored token (a `?satoken=` link, a
 * reload) is still being checked, the action waits for the check instead of being dropped or
 * answered with the sign-in dialog: a file picked in that moment is taken as soon as the account
 * is known, and only a visitor who turns out to be signed out sees the dialog.
 */
export const useSignInGate = (returnTo: string): RequireLogin | undefined => {
  const { signedIn, loading } = useCurrentUser();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const waiting = useRef<(() => void)[]>([]);
  // What is known now, for a gate called from an older render (after an await, say).
  const known = useRef({ signedIn, loading });

  useEffect(() => {
    known.current = { signedIn, loading };
    if (loading || waiting.current.length === 0) return;
    const queued = waiting.current.splice(0);
    if (signedIn) queued.forEach((resume) => resume());
    else openLogin({ returnTo });
  }, [loading, signedIn, openLogin, returnTo]);

  if (signedIn) return undefined;
  return (resume) => {
    const now = known.current;
    if (now.signedIn) resume?.();
    else if (now.loading && resume) waiting.current.push(resume);
    else openLogin({ returnTo });
  };
};
