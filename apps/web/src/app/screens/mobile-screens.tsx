import { useLocation } from 'react-router';
import { MobileTabBar } from '../../components/mobile-tab-bar';
import {
  MobileDonePage,
  MobileListPage,
  MobilePreparePage,
  parseDoneQuery,
} from '../../features/tools/mobile';

/**
 * The phone screens of spec §2. /mobileHome lives in features/mobile (mobile-home-screen.tsx); the tool flow (list,
 * prepare, done) is the tool workflow and lives in features/tools/mobile. The bottom tab bar is
 * composed here so both sides share it without importing each other.
 */
export const MobileListScreen = () => (
  <>
    <MobileListPage />
    <MobileTabBar active="list" />
  </>
);

export const MobilePrepareScreen = () => <MobilePreparePage />;

/** With a task the result owns the bottom (save, share); the works list keeps the tab bar. */
export const MobileDoneScreen = () => {
  const { search } = useLocation();
  const { taskId } = parseDoneQuery(search);
  return (
    <>
      <MobileDonePage />
      {taskId ? null : <MobileTabBar active="works" />}
    </>
  );
};
