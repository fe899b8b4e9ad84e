import { lazy, Suspense, type ComponentType, type JSX } from 'react';

/**
 * A tool's own panel, stage or result part, fetched when a page first draws it: the tool page's
 * first load carries only the shared page, not every tool's extras and their antd pieces (issue
 * 17). Until the part has arrived its place stays empty; the page around it is already drawn.
 */
export const lazyPart = <P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> => {
  const Part = lazy(() => load().then((component) => ({ default: component })));
  const LazyPart = (props: P) => (
    <Suspense fallback={null}>
      <Part {...(props as P & JSX.IntrinsicAttributes)} />
    </Suspense>
  );
  return LazyPart;
};
