import { lazy, Suspense, type ComponentType, type JSX, type ReactNode } from 'react';

/**
 * A part fetched when a page first draws it (issue 17: a page's first load carries only what it
 * shows at once): a tool's own panel, stage or result part, or an antd overlay around its
 * trigger. Until it has arrived its place shows `fallback` (nothing by default); the page around
 * it is already drawn.
 */
export const lazyPart = <P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode = () => null,
): ComponentType<P> => {
  const Part = lazy(() => load().then((component) => ({ default: component })));
  const LazyPart = (props: P) => (
    <Suspense fallback={fallback(props)}>
      <Part {...(props as P & JSX.IntrinsicAttributes)} />
    </Suspense>
  );
  return LazyPart;
};
