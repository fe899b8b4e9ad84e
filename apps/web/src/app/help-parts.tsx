import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useHelpDialogs } from '../components/help-dialogs.store';

/**
 * The help feature (its dialogs and the tool-page guide; antd forms and the tour) is fetched
 * only when needed: a help dialog opens, the guide is asked for, or a tool page is shown (where
 * a first visit gets the guide). The home page's first screen downloads none of it.
 */
const LazyHelpModals = lazy(() =>
  Promise.all([import('../features/help'), import('../components/antd-root')]).then(
    ([m, { AntdRoot }]) => ({
      default: () => (
        <AntdRoot>
          <m.HelpModals />
        </AntdRoot>
      ),
    }),
  ),
);

export const HelpModals = () => {
  const location = useLocation();
  const { open, guideRequests } = useHelpDialogs();
  const [onToolPage, setOnToolPage] = useState(false);
  // Mounted while a dialog or the guide is wanted, and on tool pages (the first-visit guide).
  const used = onToolPage || open !== null || guideRequests > 0;

  useEffect(() => {
    if (used) return;
    let tries = 0;
    // A tool page renders after its chunk arrives: look for it for a few seconds.
    const timer = setInterval(() => {
      tries += 1;
      if (document.querySelector('.hj-tool')) {
        setOnToolPage(true);
        clearInterval(timer);
      } else if (tries > 25) clearInterval(timer);
    }, 200);
    return () => clearInterval(timer);
  }, [location.pathname, used]);

  return used ? (
    <Suspense fallback={null}>
      <LazyHelpModals />
    </Suspense>
  ) : null;
};
