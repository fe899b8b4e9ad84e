import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useHelpDialogs } from '../components/help-dialogs.store';
import { useCurrentUser } from '../components/use-session';
import { useToolAvailability } from '../components/use-tool-availability';
import { guideDone, guideFitsScreen, TOOL_WORKSPACE } from '../lib/guide-done';
import { toolForLocation } from '../lib/tool-location';

/**
 * The help feature (its dialogs and the tool-page guide; antd forms and the tour) is fetched
 * only when needed: a help dialog opens, the guide is asked for, or a tool page is shown to
 * someone who has not had its first-visit guide on a screen wide enough for it — and then once
 * the page has loaded and the browser is idle, so it never competes with the tool page's own
 * first load. The home page's first screen downloads none of it, nor does a tool that cannot run.
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
  const { user, loading } = useCurrentUser();
  const [onToolPage, setOnToolPage] = useState(false);
  // Mounted while a dialog or the guide is wanted, and on tool pages that will show the guide.
  const used = onToolPage || open !== null || guideRequests > 0;
  const wantsGuide = !loading && guideFitsScreen() && !guideDone(user?.id ?? 'guest');
  const tool = toolForLocation(location.pathname, location.search);
  const guideReady = useCallback(() => setOnToolPage(true), []);

  return (
    <>
      {tool && wantsGuide && !used ? (
        <GuideWatch key={location.pathname} toolId={tool.id} onReady={guideReady} />
      ) : null}
      {used ? (
        <Suspense fallback={null}>
          <LazyHelpModals />
        </Suspense>
      ) : null}
    </>
  );
};

/**
 * On a tool page whose guide is due: once the workspace is drawn and the page loaded, asks for
 * the help feature when the browser is idle — unless the tool cannot run here (its page shows
 * the 待开通 notice, and the guide points at an upload and a start button nobody can use), so
 * such a page never downloads the guide (antd's Tour, forms, modals) at all.
 */
const GuideWatch = ({ toolId, onReady }: { toolId: string; onReady: () => void }) => {
  const { available } = useToolAvailability();
  const cannotRun = available(toolId) === false;

  useEffect(() => {
    if (cannotRun) return;
    let tries = 0;
    let idle: number | undefined;
    // A tool page renders after its chunk arrives: look for it for a few seconds.
    const timer = setInterval(() => {
      tries += 1;
      if (document.querySelector(TOOL_WORKSPACE) && document.readyState === 'complete') {
        clearInterval(timer);
        idle = whenIdle(onReady);
      } else if (tries > 50) clearInterval(timer);
    }, 200);
    return () => {
      clearInterval(timer);
      if (idle !== undefined) cancelIdle(idle);
    };
  }, [cannotRun, onReady]);
  return null;
};

const whenIdle = (run: () => void): number =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(run, { timeout: 2000 })
    : window.setTimeout(run, 500);
const cancelIdle = (id: number) =>
  typeof window.cancelIdleCallback === 'function'
    ? window.cancelIdleCallback(id)
    : window.clearTimeout(id);
