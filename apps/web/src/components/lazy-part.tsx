import { lazy, Suspense, type ComponentType, type JSX, type ReactNode } from 'react';

type Root = ComponentType<{ children: ReactNode }>;

const themed = <P extends object>(Part: ComponentType<P>, AntdRoot: Root): ComponentType<P> => {
  const Themed = (props: P) => (
    <AntdRoot>
      <Part {...(props as P & JSX.IntrinsicAttributes)} />
    </AntdRoot>
  );
  return Themed;
};

/**
 * A part that may draw antd, loaded with antd's theme and locale (components/antd-root.tsx)
 * around it: pages whose first render draws no antd (the tool page's workspace, drawn with
 * components/antd-look.tsx) leave antd's root out of their first load, and each part that
 * brings antd brings its root too (nesting it is harmless).
 */
export const withAntdRoot =
  <P extends object>(load: () => Promise<ComponentType<P>>) =>
  (): Promise<ComponentType<P>> =>
    Promise.all([load(), import('./antd-root')]).then(([Part, { AntdRoot }]) =>
      themed(Part, AntdRoot),
    );

/** `React.lazy` of a part themed by antd's root (withAntdRoot), for a Suspense of the caller's. */
export const lazyThemed = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(() => withAntdRoot(load)().then((component) => ({ default: component })));

/**
 * A part fetched when a page first draws it (a page's first load carries only what it
 * shows at once): a tool's own panel, stage or result part, or an antd overlay around its
 * trigger, themed by antd's root (withAntdRoot). Until it has arrived its place shows
 * `fallback` (nothing by default); the page around it is already drawn.
 */
export const lazyPart = <P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode = () => null,
): ComponentType<P> => {
  const Part = lazyThemed(load);
  const LazyPart = (props: P) => (
    <Suspense fallback={fallback(props)}>
      <Part {...(props as P & JSX.IntrinsicAttributes)} />
    </Suspense>
  );
  return LazyPart;
};
