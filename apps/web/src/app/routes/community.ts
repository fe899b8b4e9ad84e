import { createElement, lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { registerResultAction } from '../../components/result-action-slot';
import { withChunkTimeout } from '../../lib/chunk-load';
import { page } from '../route-helpers';

const loadGallery = () => import('../../features/gallery');
type GalleryModule = Awaited<ReturnType<typeof loadGallery>>;
type GalleryScreen = Exclude<keyof GalleryModule, 'GalleryEnvContext' | 'PublishAction'>;

/**
 * A gallery screen with what the app composes into it: antd's theme, and 做同款 filling the tools'
 * form (features never import each other, so the app hands the tools' prefill to the gallery).
 */
const gallery = (name: GalleryScreen) => async () => {
  const [g, tools, { AntdRoot }] = await Promise.all([
    withChunkTimeout(loadGallery),
    withChunkTimeout(() => import('../../features/tools/store/prefill')),
    // antd's theme and locale, as route-helpers' screen() gives every antd screen.
    withChunkTimeout(() => import('../../components/antd-root')),
  ]);
  const Screen = g[name] as ComponentType;
  const env = { prefillTool: tools.prefillTool };
  return {
    Component: () =>
      createElement(
        AntdRoot,
        null,
        createElement(g.GalleryEnvContext.Provider, { value: env }, createElement(Screen)),
      ),
  };
};

// "发布到灵感广场" on result panels, done pages and works (loaded when first shown).
registerResultAction(
  lazy(() =>
    import('../../features/gallery/components/publish-action').then((m) => ({
      default: m.PublishAction,
    })),
  ),
);

/** The community pages the tracking labels name (lib/tracking.ts). */
export const communityRoutes: RouteObject[] = [
  page('/findPage', gallery('FindPage')),
  page('/tupianHome', gallery('TupianHome')),
  page('/caseHome', gallery('CaseHome')),
  page('/classifyCase', gallery('ClassifyCase')),
  page('/classifyPage/:ids', gallery('ClassifyPage')),
  page('/seachInspiration', gallery('SearchPage')),
  page('/searchCase', gallery('SearchPage')),
  page('/anliSearch', gallery('SearchPage')),
  page('/authorHomePage/:id', gallery('AuthorPage')),
  page('/authorInspirationhome/:id', gallery('AuthorPage')),
  page('/insHomeByCreate/:id', gallery('AuthorPage')),
  page('/insHomeByCase/:id', gallery('CasePage')),
  page('/insHomeByCollect/:id', gallery('CollectionPage')),
  page('/casemineByCreate', gallery('MineCreatePage')),
  page('/casemineByCase', gallery('MineCasePage')),
  page('/casemineByCollect', gallery('MineCollectPage')),
  page('/qaPage', gallery('QaPage')),
];
