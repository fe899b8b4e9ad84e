import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { AccessName } from '../lib/access';
import { withChunkTimeout } from '../lib/chunk-load';
import type { RouteHandle } from './access-guard';

/** Every screen is its own chunk; a chunk that never arrives fails after the spec's 120 s. */
export const screen =
  <M>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  async () => ({ Component: pick(await withChunkTimeout(load)) });

/** Every route names its access key (spec §3); public pages use 'public'. */
export const page = (
  path: string,
  lazy: RouteObject['lazy'],
  access: AccessName = 'public',
): RouteObject => ({ path, lazy, handle: { access } satisfies RouteHandle });
