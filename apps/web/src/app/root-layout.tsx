import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { isMobileUserAgent } from '../lib/device';
import { deviceRedirect } from '../lib/redirects';
import { pageInfo } from '../lib/tracking';

const isMobile = typeof navigator !== 'undefined' && isMobileUserAgent(navigator.userAgent);

/**
 * The one root layout of spec §2. Screens bring their own header (most routes hide the menu),
 * so the layout only keeps cross-cutting behaviour: device redirects on in-app navigation
 * (first load is handled in main.tsx), the tracking label and a navigation progress bar.
 */
export const RootLayout = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();

  useEffect(() => {
    const target = deviceRedirect(location.pathname, isMobile);
    if (target) void navigate(target, { replace: true });
  }, [location.pathname, navigate]);

  useEffect(() => {
    // Analytics scripts read the label from the document rather than from app code.
    const info = pageInfo(`${location.pathname}${location.search}${location.hash}`);
    document.documentElement.dataset.pageLabel = info.label;
  }, [location.pathname, location.search, location.hash]);

  return (
    <>
      {navigation.state === 'loading' ? <div className="hj-progress" role="progressbar" /> : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
};

/** Shown while the first screen's chunk arrives. */
export const BootScreen = () => (
  <div className="hj-boot" aria-busy="true" aria-label="加载中">
    <div className="hj-boot__mark" />
    <span>绘境</span>
  </div>
);
