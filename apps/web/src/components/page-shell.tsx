import type { ReactNode } from 'react';
import { BelowTheFold } from './first-screen';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, content and (where the spec gives the route one) the footer. */
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
}) => (
  <div className={`hj-page${className ? ` ${className}` : ''}`}>
    <SiteHeader tone={tone} />
    <main className="hj-page__main">{children}</main>
    {footer ? (
      <BelowTheFold>
        <SiteFooter />
      </BelowTheFold>
    ) : null}
  </div>
);
