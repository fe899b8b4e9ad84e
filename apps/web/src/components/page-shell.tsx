import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isMobileUserAgent } from '../lib/device';
import { BelowTheFold } from './first-screen';
import { MobileTabBar, type MobileTab } from './mobile-tab-bar';
import { PhoneBar } from './phone-bar';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** A phone keeps its own chrome on the shell pages it opens (lib/redirects.ts lets it stay). */
const isPhone = typeof navigator !== 'undefined' && isMobileUserAgent(navigator.userAgent);

const phoneTab = (pathname: string): MobileTab | undefined =>
  pathname.startsWith('/personalCenter')
    ? 'mine'
    : pathname.startsWith('/findPage')
      ? 'gallery'
      : undefined;

/**
 * Header, content and (where the spec gives the route one) the footer; on a phone, the phone's
 * top bar and bottom tabs instead.
 */
export const PageShell = ({
  children,
  footer = true,
  tone = 'light',
  className,
}: {
  children: ReactNode;
  footer?: boolean;
  tone?: 'light' | 'dark';
  className?: string;
}) => {
  const { pathname } = useLocation();
  return (
    <div
      className={`hj-page${isPhone ? ' hj-page--phone' : ''}${className ? ` ${className}` : ''}`}
    >
      {isPhone ? <PhoneBar /> : <SiteHeader tone={tone} />}
      <main className="hj-page__main">{children}</main>
      {isPhone ? (
        <MobileTabBar active={phoneTab(pathname)} />
      ) : footer ? (
        <BelowTheFold>
          <SiteFooter />
        </BelowTheFold>
      ) : null}
    </div>
  );
};
