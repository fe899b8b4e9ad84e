import { getTool } from '@huijing/tools';
import { useLocation } from 'react-router';
import { AreaIcon } from '../../components/area-icon';
import { ComingSoonPanel } from '../../components/coming-soon-panel';
import { PageShell } from '../../components/page-shell';
import { usePageTitle } from '../../components/use-page-title';
import { laterScreenFor } from '../later-screens';
import { NotFoundScreen } from './not-found-screen';

/** Placeholder for non-tool screens that arrive in later issues. */
export const LaterScreen = () => {
  const { pathname, search } = useLocation();
  const screen = laterScreenFor(pathname);
  // Mobile pages carry the chosen tool (?tool=id) so the placeholder can name it.
  const toolId = new URLSearchParams(search).get('tool');
  const tool = toolId ? getTool(toolId) : undefined;
  const title = screen && tool ? `${screen.title} · ${tool.name['zh-CN']}` : screen?.title;
  usePageTitle(title);
  if (!screen) return <NotFoundScreen />;
  return (
    <PageShell footer={screen.footer ?? true}>
      <ComingSoonPanel
        name={title ?? screen.title}
        description={
          tool ? `${tool.description['zh-CN']}。${screen.description}` : screen.description
        }
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
