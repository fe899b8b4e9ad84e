import { lazy, Suspense } from 'react';
import { screen } from '../route-helpers';
import { ToolFrame } from './tool-frame';

/**
 * The tool routes. Their first paint is the plain frame (tool-frame.tsx); the workspace — antd's
 * root, the registry with its zod schemas, the generated form — is asked for as soon as this
 * module runs and replaces the frame when it is in (docs/performance.md). The page's shell
 * (build/route-preload.ts) prefetches the workspace at low priority, so it is on its way before.
 */
const workspace = (variant: 'ToolScreenWithFooter' | 'ToolScreenWithoutFooter') => {
  const load = screen(
    () => import('./tool-screens'),
    (m) => m[variant],
  );
  return () => load().then(({ Component }) => ({ default: Component }));
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
