import { Tour, type TourProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useHelpDialogs } from '../../../components/help-dialogs.store';
import { useCurrentUser } from '../../../components/use-session';
import { useToolAvailability } from '../../../components/use-tool-availability';
import { guideDone, guideFitsScreen, markGuideDone, TOOL_WORKSPACE } from '../../../lib/guide-done';
import { toolForLocation } from '../../../lib/tool-location';

/** Tool-page regions the tour points at, in the order a first run goes. */
const STEPS = [
  { key: 'upload', selector: '.hj-tool-inputs' },
  // The settings column can be taller than the screen: point at its first field instead.
  { key: 'settings', selector: '.hj-tool-form > :first-child' },
  { key: 'price', selector: '.hj-tool-start__price' },
  { key: 'start', selector: '.hj-tool-start' },
  { key: 'result', selector: '.hj-tool__stage' },
] as const;

/**
 * 新手引导: the first time a person opens a tool page on this device, a short tour — upload,
 * settings, price, start, the result area — skippable, never shown again once finished or skipped
 * (per account and device), replayed from the help menu. Not on a tool that cannot run now: its
 * page says so and offers tools that do, and a tour of steps nobody can take there would cover
 * that notice; the first visit to a tool that runs gets it instead.
 */
export const GuideTour = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const { user, loading } = useCurrentUser();
  const replays = useHelpDialogs((s) => s.guideRequests);
  const [steps, setSteps] = useState<TourProps['steps']>([]);
  const [open, setOpen] = useState(false);
  // From 0: the help feature may load because of the request itself (the help menu's 新手引导 on
  // a page that had no guide to show), and that request is a replay too.
  const seenReplays = useRef(0);
  const account = user?.id ?? 'guest';
  const { available } = useToolAvailability();
  const tool = toolForLocation(location.pathname, location.search);
  const cannotRun = tool !== undefined && available(tool.id) === false;

  useEffect(() => {
    const replay = replays !== seenReplays.current;
    seenReplays.current = replays;
    if (loading || (!replay && (guideDone(account) || cannotRun))) return;
    if (!guideFitsScreen()) return;
    let tries = 0;
    // The tool page renders after its chunk loads: look for it for a few seconds.
    const timer = setInterval(() => {
      tries += 1;
      if (!document.querySelector(TOOL_WORKSPACE)) {
        if (tries > 25) clearInterval(timer);
        return;
      }
      clearInterval(timer);
      const found = STEPS.filter((s) => document.querySelector(s.selector));
      if (found.length < 3) return;
      setSteps(
        found.map((s) => ({
          title: t(`help.guide.${s.key}.title`),
          description: t(`help.guide.${s.key}.body`),
          target: () => document.querySelector<HTMLElement>(s.selector)!,
        })),
      );
      setOpen(true);
    }, 200);
    return () => clearInterval(timer);
  }, [location.pathname, account, loading, replays, cannotRun, t]);

  const finish = () => {
    markGuideDone(account);
    setOpen(false);
  };
  return (
    <Tour
      open={open}
      steps={steps}
      onClose={finish}
      onFinish={finish}
      rootClassName="hj-guide"
      // antd's mask draws a negative-height rect (a console error) beside targets taller than
      // the space left on screen; the arrow and the scroll into view are enough.
      mask={false}
      indicatorsRender={(current, total) => (
        <span className="hj-guide__count">
          {current + 1} / {total}
        </span>
      )}
    />
  );
};
