import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { AreaIcon } from '../../components/area-icon';
import { ComingSoonPanel } from '../../components/coming-soon-panel';
import { PageShell } from '../../components/page-shell';
import { laterScreenFor } from '../later-screens';
import { NotFoundScreen } from './not-found-screen';

/** Placeholder for non-tool screens that arrive in later issues. */
export const LaterScreen = () => {
  const { pathname } = useLocation();
  const screen = laterScreenFor(pathname);
  useEffect(() => {
    if (screen) document.title = `${screen.title} · 绘境 AI 渲染`;
  }, [screen]);
  if (!screen) return <NotFoundScreen />;
  return (
    <PageShell footer={screen.footer ?? true}>
      <ComingSoonPanel
        name={screen.title}
        description={screen.description}
        family={screen.category}
        icon={
          <span className="hj-soon__area-icon">
            <AreaIcon name={screen.icon} />
          </span>
        }
        related={screen.related}
      />
    </PageShell>
  );
};
