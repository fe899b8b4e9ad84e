import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAccountDialogs } from '../../components/account-dialogs.store';
import { useCurrentUser } from '../../components/use-session';
import { safeReturnPath } from '../../lib/page-navigation';
import { HomeWithoutFooter } from './home-screens';

/**
 * Spec §2 login path (/user/login): the home page with the login modal over it. After signing
 * in the browser lands on `redirect` (a same-site path) or home; closing the modal goes home.
 */
export const UserLoginScreen = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signedIn, loading } = useCurrentUser();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const loginOpen = useAccountDialogs((s) => s.login.open);
  const returnTo = safeReturnPath(params.get('redirect')) ?? '/';
  const opened = useRef(false);
  const seenOpen = useRef(false);

  useEffect(() => {
    if (loading) return;
    if (signedIn) {
      void navigate(returnTo, { replace: true });
      return;
    }
    if (!opened.current) {
      opened.current = true;
      openLogin({ returnTo });
    }
  }, [loading, signedIn, returnTo, navigate, openLogin]);

  useEffect(() => {
    if (loginOpen) seenOpen.current = true;
    else if (seenOpen.current) void navigate('/', { replace: true });
  }, [loginOpen, navigate]);

  return <HomeWithoutFooter />;
};
