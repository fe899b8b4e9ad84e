import { lazy, Suspense } from 'react';
import { withChunkTimeout } from '../../lib/chunk-load';
import { screen } from '../route-helpers';
import { ToolFrame } from './tool-frame';

/**
 * The tool routes. Their first paint is the plain frame (tool-frame.tsx); the workspace — antd's
 * root, the registry with its zod schemas, the generated form — is asked for as soon as this
 * module runs and replaces the frame when it is in (docs/performance.md). The page's shell
 * (build/route-preload.ts) prefetches the workspace at low priority, so it is on its way before.
 */
/** A turn of the event loop: lets the page paint and answer input between two big steps. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The workspace arrives in three steps, each run in a task of its own (a module graph runs its
 * top-level code in one go): antd's root, then the registry with its zod schemas, then the tool
 * page itself, instead of one long task holding the page for all three. All were fetched already:
 * the shell prefetches them.
 */
const workspace = (variant: 'ToolScreenWithFooter' | 'ToolScreenWithoutFooter') => {
  const load = screen(
    () => import('./tool-screens'),
    (m) => m[variant],
  );
  return async () => {
    await withChunkTimeout(() => import('../../components/antd-root'));
    await nextTask();
    await withChunkTimeout(() => import('@huijing/tools'));
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
