import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { useLocalized } from '../../components/use-localized';
import { usePageTitle } from '../../components/use-page-title';
import { track } from '../../lib/beacon';
import { ModelPicker } from '../../features/models/picker';
import { ToolPage, ToolSlotsContext, toolForLocation } from '../../features/tools';

/** A mistyped tool link is rare: its page (antd's Result, a drawing) loads only then. */
const NotFoundScreen = lazy(() =>
  import('./not-found-screen').then((m) => ({ default: m.NotFoundScreen })),
);

/** What other areas add to the tool page (the models area's picker on render tools). */
const slots = { ParamsExtra: ModelPicker };

/** A tool route: the workspace generated from the tool's registry entry. */
export const ToolScreen = ({ footer = true }: { footer?: boolean }) => {
  const { pathname, search } = useLocation();
  const pick = useLocalized();
  const tool = toolForLocation(pathname, search);
  usePageTitle(tool ? pick(tool.name) : undefined);
  const toolId = tool?.id;
  // The first step of the per-tool funnel (opened → started → result → download).
  useEffect(() => {
    if (toolId) track('tool_open', { tool: toolId });
  }, [toolId]);
  if (!tool)
    return (
      <Suspense fallback={null}>
        <NotFoundScreen />
      </Suspense>
    );
  return (
    <PageShell footer={footer}>
      {/* Keyed by tool: switching tools starts from that tool's own saved state. */}
      <ToolSlotsContext.Provider value={slots}>
        <ToolPage key={tool.id} tool={tool} />
      </ToolSlotsContext.Provider>
    </PageShell>
  );
};
