import { lazy, Suspense } from 'react';
import { withChunkTimeout } from '../../lib/chunk-load';
import { nextTask } from '../../lib/next-task';
import { toolForLocation } from '../../lib/tool-location';
import { lookScreen } from '../route-helpers';
import { ToolFrame } from './tool-frame';

/**
 * The tool routes. Their first paint is the plain frame (tool-frame.tsx); the workspace — the
 * registry as data, the generated form, drawn in antd's look without antd
 * (components/antd-look.tsx) — replaces it when it is in (docs/performance.md); the page's shell
 * prefetches it at low priority. antd's root comes later, with the first part that draws antd.
 *
 * The workspace arrives in two steps, each run in a task of its own (a module graph runs its
 * top-level code in one go): the registry as data, then the tool page itself (ToolPage waits
 * for the tool's widgets and parameters), instead of one long task holding the page for both.
 * All were fetched already: the shell prefetches them.
 */
const workspace = (variant: 'ToolScreenWithFooter' | 'ToolScreenWithoutFooter') => {
  const load = lookScreen(
    () => import('./tool-screens'),
    (m) => m[variant],
  );
  return async () => {
    await nextTask();
    const tools = await withChunkTimeout(() => import('@huijing/tools'));
    // The tool's own widgets and parameters (the page prefetched them): asked for now, in while
    // the tool page's modules run.
    const own = toolForLocation(location.pathname, location.search);
    if (own) void tools.loadToolPart(own.id).catch(() => undefined);
    await nextTask();
    const { Component } = await load();
    return { default: Component };
  };
};
const loadWithFooter = workspace('ToolScreenWithFooter');
const loadWithoutFooter = workspace('ToolScreenWithoutFooter');
const WithFooter = lazy(loadWithFooter);
const WithoutFooter = lazy(loadWithoutFooter);

/** /lama has no footer (spec §2). */
export const ToolFrameWithFooter = () => (
  <Suspense fallback={<ToolFrame footer />}>
    <WithFooter />
  </Suspense>
);
export const ToolFrameWithoutFooter = () => (
  <Suspense fallback={<ToolFrame footer={false} />}>
    <WithoutFooter />
  </Suspense>
);
