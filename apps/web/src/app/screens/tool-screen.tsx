import { useLocation } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { useLocalized } from '../../components/use-localized';
import { usePageTitle } from '../../components/use-page-title';
import { ToolPage, toolForLocation } from '../../features/tools';
import { NotFoundScreen } from './not-found-screen';

/** A tool route: the workspace generated from the tool's registry entry. */
export const ToolScreen = ({ footer = true }: { footer?: boolean }) => {
  const { pathname, search } = useLocation();
  const pick = useLocalized();
  const tool = toolForLocation(pathname, search);
  usePageTitle(tool ? pick(tool.name) : undefined);
  if (!tool) return <NotFoundScreen />;
  return (
    <PageShell footer={footer}>
      {/* Keyed by tool: switching tools starts from that tool's own saved state. */}
      <ToolPage key={tool.id} tool={tool} />
    </PageShell>
  );
};
