import { createElement, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { AccessName } from '../lib/access';
import { withChunkTimeout } from '../lib/chunk-load';
import { nextTask } from '../lib/next-task';
import type { RouteHandle } from './access-guard';

const antdRoot = () => import('../components/antd-root');
const antdStyles = () => import('../components/antd-styles');

/** One wrapper per screen component, so routes sharing a screen keep one component type. */
const themed = new WeakMap<ComponentType, ComponentType>();

/**
 * Every screen is its own chunk; a chunk that never arrives fails after the spec's 120 s.
 * Screens use antd, so antd's theme and locale (components/antd-root.tsx) load beside the
 * screen's chunk, in parallel, and wrap it.
 */
export const screen =
  <M>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  async () => {
    const [m, { AntdRoot }, { antdStylesReady }] = await Promise.all([
      withChunkTimeout(load),
      withChunkTimeout(antdRoot),
      withChunkTimeout(antdStyles),
    ]);
    // antd's baked styles (components/antd-styles.ts), so the screen's first render need not wait.
    await antdStylesReady;
    const Picked = pick(m);
    let Component = themed.get(Picked);
    if (!Component) {
      Component = () => createElement(AntdRoot, null, createElement(Picked));
      themed.set(Picked, Component);
    }
    return { Component };
  };

/**
 * A screen drawn in antd's look without antd (components/antd-look.tsx: the tool page's
 * workspace): it waits for antd's baked stylesheet, not for antd's code; the antd parts it shows
 * later bring antd's root with them (components/lazy-part.tsx).
 */
export const lookScreen =
  <M>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  async () => {
    const [m, { antdStylesReady }] = await Promise.all([
      withChunkTimeout(load),
      withChunkTimeout(antdStyles),
    ]);
    await antdStylesReady;
    return { Component: pick(m) };
  };

/**
 * A screen whose first view is plain markup and CSS (the home page): it does not wait for antd;
 * the antd pieces it shows later load, and theme themselves, when they are needed.
 */
export const plainScreen =
  <M>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  async () => {
    // The screen's modules run in a task of their own, not in the one that made the router or
    // started the navigation: two shorter tasks instead of one long one (docs/performance.md).
    await nextTask();
    return { Component: pick(await withChunkTimeout(load)) };
  };

/** Every route names its access key (spec §3); public pages use 'public'. */
export const page = (
  path: string,
  lazy: RouteObject['lazy'],
  access: AccessName = 'public',
): RouteObject => ({ path, lazy, handle: { access } satisfies RouteHandle });
