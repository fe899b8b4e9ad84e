import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useAccess } from '../components/use-session';
import { accessRealm, isAccessible, type AccessName } from '../lib/access';
import { BootScreen } from './root-layout-parts';

/** Route handle: the access key a screen needs (spec §3). */
export interface RouteHandle {
  access?: string;
}

/** The deepest route that names an access key decides (child screens refine their layout). */
export const useRouteAccess = (): string | undefined => {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const access = (matches[i]?.handle as RouteHandle | undefined)?.access;
    if (access !== undefined) return access;
  }
  return undefined;
};

const NeedSignIn = lazy(() => import('./access-screens').then((m) => ({ default: m.NeedSignIn })));
const Forbidden = lazy(() => import('./access-screens').then((m) => ({ default: m.Forbidden })));

/**
 * Renders the screen only when its access key allows it. A missing sign-in offers the right
 * sign-in (user or admin); anything else is "无权访问". While a stored token is being checked,
 * guarded screens wait rather than flash the sign-in prompt.
 */
export const AccessGuard = ({ children }: { children: ReactNode }) => {
  const name = useRouteAccess();
  const location = useLocation();
  const { access, loading } = useAccess();
  if (isAccessible(access, name, location.pathname)) return <>{children}</>;
  const realm = name && name in accessRealm ? accessRealm[name as AccessName] : 'none';
  if (realm === 'user' && loading) return <BootScreen />;
  return (
    <Suspense fallback={<BootScreen />}>
      {realm === 'user' && !access.isSignedIn ? (
        <NeedSignIn admin={false} />
      ) : realm === 'admin' && !access.canAdmin ? (
        <NeedSignIn admin />
      ) : (
        <Forbidden />
      )}
    </Suspense>
  );
};
