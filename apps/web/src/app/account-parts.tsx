import { lazy, Suspense, useState, type ComponentType } from 'react';
import {
  DefaultDrawerAccount,
  DefaultHeaderAccount,
  DefaultMobileAccount,
  type AccountSlots,
} from '../components/account-slots';
import { useAccountDialogs } from '../components/account-dialogs.store';
import { useCurrentUser } from '../components/use-session';

/**
 * The auth feature (dialogs, account menu: antd forms, popovers, the QR code) is fetched only
 * when it is needed: a dialog opens, or someone is signed in. A visitor's first screen shows the
 * plain login buttons and downloads none of it.
 */
const auth = () =>
  Promise.all([import('../features/auth'), import('../components/antd-root')]).then(
    ([m, { AntdRoot }]) => ({ m, AntdRoot }),
  );

type AuthModule = Awaited<ReturnType<typeof auth>>['m'];

/** A piece of the auth feature, themed (it may show on a plain screen such as the home page). */
const lazyAuth = <P extends object>(pick: (m: AuthModule) => ComponentType<P>) =>
  lazy(() =>
    auth().then(({ m, AntdRoot }) => {
      const Piece = pick(m);
      return {
        default: (props: P) => (
          <AntdRoot>
            <Piece {...props} />
          </AntdRoot>
        ),
      };
    }),
  );

const LazyHeaderAccount = lazyAuth((m) => m.HeaderAccount);
const LazyDrawerAccount = lazyAuth((m) => m.DrawerAccount);
const LazyMobileAccount = lazyAuth((m) => m.MobileAccount);
const LazyAccountModals = lazyAuth((m) => m.AccountModals);

/** True once someone is (or may be) signed in: a stored token is checked, or a user is loaded. */
const useAccountActive = () => {
  const { signedIn, loading } = useCurrentUser();
  return signedIn || loading;
};

const HeaderAccount: AccountSlots['HeaderAccount'] = (props) =>
  useAccountActive() ? (
    <Suspense fallback={<span className="hj-header__account-wait" aria-busy="true" />}>
      <LazyHeaderAccount {...props} />
    </Suspense>
  ) : (
    <DefaultHeaderAccount />
  );

const DrawerAccount: AccountSlots['DrawerAccount'] = (props) =>
  useAccountActive() ? (
    <Suspense fallback={null}>
      <LazyDrawerAccount {...props} />
    </Suspense>
  ) : (
    <DefaultDrawerAccount {...props} />
  );

const MobileAccount: AccountSlots['MobileAccount'] = () =>
  useAccountActive() ? (
    <Suspense fallback={<DefaultMobileAccount />}>
      <LazyMobileAccount />
    </Suspense>
  ) : (
    <DefaultMobileAccount />
  );

export const accountSlots: AccountSlots = { HeaderAccount, DrawerAccount, MobileAccount };

/** Mounts the account dialogs from the first time one is asked for (then keeps them mounted). */
export const AccountModals = () => {
  const active = useAccountActive();
  const asked = useAccountDialogs((s) => s.login.open || s.profile || s.face !== null);
  const [mounted, setMounted] = useState(false);
  if ((active || asked) && !mounted) setMounted(true);
  if (!mounted && !active && !asked) return null;
  return (
    <Suspense fallback={null}>
      <LazyAccountModals />
    </Suspense>
  );
};
