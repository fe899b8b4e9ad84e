import type { PromptResult } from '@huijing/contracts';
import { useMutation } from '@tanstack/react-query';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { useSignInGate } from '../../../components/use-sign-in-gate';
import { useCurrentUser } from '../../../components/use-session';

/** One prompt run: asks a signed-out visitor to sign in first, keeps the last answer and error. */
export const usePromptRun = <A>(run: (args: A) => Promise<PromptResult>, returnTo: string) => {
  const { signedIn } = useCurrentUser();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const mutation = useMutation({ mutationFn: run });
  const requireLogin = useSignInGate(returnTo);
  return {
    result: mutation.data,
    pending: mutation.isPending,
    error: mutation.error instanceof Error ? mutation.error.message : undefined,
    signedIn,
    /** Set until signed in; waits for a stored token's check instead of asking at once. */
    requireLogin,
    start: (args: A) => {
      if (!signedIn) {
        openLogin({ returnTo });
        return;
      }
      mutation.mutate(args);
    },
  };
};
