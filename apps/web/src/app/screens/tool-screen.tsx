import {
  allTools,
  familyNames,
  toolEntry,
  toolForRoute,
  type ToolDefinition,
} from '@huijing/tools';
import { useLocation } from 'react-router';
import { ComingSoonPanel } from '../../components/coming-soon-panel';
import { PageShell } from '../../components/page-shell';
import { ToolGlyph } from '../../components/tool-glyph';
import { useLocalized } from '../../components/use-localized';
import { usePageTitle } from '../../components/use-page-title';
import { NotFoundScreen } from './not-found-screen';

/** Two tools can share a route (/imgs2Video): the entry's query picks between them. */
const toolForLocation = (pathname: string, search: string): ToolDefinition | undefined => {
  const sharing = allTools.filter((t) =>
    t.routes.some((r) => r.toLowerCase() === pathname.toLowerCase()),
  );
  if (sharing.length <= 1) return sharing[0] ?? toolForRoute(pathname);
  const params = new URLSearchParams(search);
  const byEntry = sharing.find((t) => {
    if (!t.entry?.includes('?')) return false;
    const entryParams = new URLSearchParams(t.entry.split('?')[1]);
    return [...entryParams].every(([k, v]) => params.get(k) === v);
  });
  return byEntry ?? sharing.find((t) => !t.entry) ?? sharing[0];
};

/** Placeholder tool page until the tool workspace issue lands. */
export const ToolScreen = ({ footer = true }: { footer?: boolean }) => {
  const { pathname, search } = useLocation();
  const pick = useLocalized();
  const tool = toolForLocation(pathname, search);
  const name = tool ? pick(tool.name) : '';
  usePageTitle(name || undefined);
  if (!tool) return <NotFoundScreen />;

  const similar = allTools
    .filter((t) => t.family === tool.family && t.id !== tool.id)
    .sort((a, b) => Number(Boolean(b.badge)) - Number(Boolean(a.badge)))
    .slice(0, 4);

  return (
    <PageShell footer={footer}>
      <ComingSoonPanel
        name={name}
        description={pick(tool.description)}
        family={pick(familyNames[tool.family])}
        icon={
          <ToolGlyph family={tool.family} seed={tool.id} label={tool.name['zh-CN']} size={56} />
        }
        related={similar.map((t) => ({
          title: pick(t.name),
          path: toolEntry(t),
          description: pick(t.description),
          icon: <ToolGlyph family={t.family} seed={t.id} label={t.name['zh-CN']} size={36} />,
        }))}
      />
    </PageShell>
  );
};
