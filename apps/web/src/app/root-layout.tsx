import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { AccountSlotsProvider } from '../components/account-slots';
import { isMobileUserAgent } from '../lib/device';
import { leavePage } from '../lib/notify';
import { deviceRedirect } from '../lib/redirects';
import { track } from '../lib/beacon';
import { pageInfo } from '../lib/tracking';
import { AccessGuard } from './access-guard';
import { AccountModals, accountSlots } from './account-parts';
import { HelpModals } from './help-parts';
import { RechargeHost } from './commerce-parts';
import { BootScreen } from './root-layout-parts';

export { BootScreen };

const isMobile = typeof navigator !== 'undefined' && isMobileUserAgent(navigator.userAgent);

/**
 * The one root layout of spec §2. Screens bring their own header (most routes hide the menu),
 * so the layout only keeps cross-cutting behaviour: device redirects on in-app navigation
 * (first load is handled in main.tsx), the tracking label, a navigation progress bar, route
 * access (spec §3) and the account dialogs with the header's account slots.
 */
export const RootLayout = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();

  useEffect(() => {
    const target = deviceRedirect(location.pathname, isMobile, location.search);
    if (target) void navigate(target, { replace: true });
  }, [location.pathname, location.search, navigate]);

  // Notices about the last page's upload do not follow the designer onto the next one.
  useEffect(() => leavePage(), [location.pathname]);

  useEffect(() => {
    // Analytics scripts read the label from the document rather than from app code.
    const info = pageInfo(`${location.pathname}${location.search}${location.hash}`);
    document.documentElement.dataset.pageLabel = info.label;
    // …and the page view reaches the store (POST /api/track), unless analytics are turned off.
    track('page_view');
  }, [location.pathname, location.search, location.hash]);

  return (
    <AccountSlotsProvider value={accountSlots}>
      {navigation.state === 'loading' ? <div className="hj-progress" role="progressbar" /> : null}
      <AccessGuard>
        <Outlet />
      </AccessGuard>
      <AccountModals />
      <HelpModals />
      <RechargeHost />
      <ScrollRestoration />
    </AccountSlotsProvider>
  );
};
