import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { lazyPart } from '../../components/lazy-part';
import { PageShell } from '../../components/page-shell';
import { useLocalized } from '../../components/use-localized';
import { usePageTitle } from '../../components/use-page-title';
import { useCurrentUser } from '../../components/use-session';
import { track } from '../../lib/beacon';
import type { ModelPickerProps } from '../../features/models/picker';
import { ToolPage, ToolSlotsContext, toolForLocation } from '../../features/tools';

/** A mistyped tool link is rare: its page (antd's Result, a drawing) loads only then. */
const NotFoundScreen = lazyPart(() => import('./not-found-screen').then((m) => m.NotFoundScreen));

/**
 * The models area's picker (我的模型 / 模型广场 on render tools) is a chunk of its own, fetched for
 * a signed-in designer or a 使用此模型 link (?loraId=) only: a visitor's first tool page does
 * without it and without antd's Select, which it brings.
 */
const LazyModelPicker = lazyPart(() =>
  import('../../features/models/picker').then((m) => m.ModelPicker),
);
const ModelPickerSlot = (props: ModelPickerProps) => {
  const { signedIn } = useCurrentUser();
  const [search] = useSearchParams();
  if (!signedIn && !search.has('loraId')) return null;
  return <LazyModelPicker {...props} />;
};

/** What other areas add to the tool page (the models area's picker on render tools). */
const slots = { ParamsExtra: ModelPickerSlot };

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
  if (!tool) return <NotFoundScreen />;
  return (
    <PageShell footer={footer}>
      {/* Keyed by tool: switching tools starts from that tool's own saved state. */}
      <ToolSlotsContext.Provider value={slots}>
        <ToolPage key={tool.id} tool={tool} />
      </ToolSlotsContext.Provider>
    </PageShell>
  );
};
