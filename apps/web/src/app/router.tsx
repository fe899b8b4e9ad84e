import { LOGIN_PATH } from '@huijing/contracts';
import { createElement, lazy, Suspense } from 'react';
import { createBrowserRouter, useLocation, type RouteObject } from 'react-router';
import type { RouteHandle } from './access-guard';
import { areaAdminRoutes, areaRoutes } from './area-routes';
import { page, plainScreen, screen } from './route-helpers';
import { catalogToolForRoute } from '../lib/tool-catalog';
import { BootScreen, RootLayout } from './root-layout';
import { RouteErrorScreen } from './route-error-screen';

// The home page's first screen is plain markup: it does not wait for antd (route-helpers.ts).
const home = plainScreen(
  () => import('./screens/home-screens'),
  (m) => m.HomeWithFooter,
);
const homeNoFooter = plainScreen(
  () => import('./screens/home-screens'),
  (m) => m.HomeWithoutFooter,
);
// A tool page paints its frame as plain markup first; the workspace (antd, the registry's
// schemas, the form) follows in place (screens/tool-frame-screens.tsx).
const tool = plainScreen(
  () => import('./screens/tool-frame-screens'),
  (m) => m.ToolFrameWithFooter,
);
const toolNoFooter = plainScreen(
  () => import('./screens/tool-frame-screens'),
  (m) => m.ToolFrameWithoutFooter,
);
// /mobileHome is plain markup too (route-helpers.ts).
const mobileHome = plainScreen(
  () => import('./screens/mobile-home-screen'),
  (m) => m.MobileHomeScreen,
);
const mobile = (name: 'MobileListScreen' | 'MobilePrepareScreen' | 'MobileDoneScreen') =>
  screen(
    () => import('./screens/mobile-screens'),
    (m) => m[name],
  );
const works = screen(
  () => import('./screens/works-screens'),
  (m) => m.WorksScreen,
);
const client = screen(
  () => import('./screens/client-screen'),
  (m) => m.ClientScreen,
);
/** Finished-task pages (features/tools/done): task id or share token in the query. */
export const donePaths = ['/done', '/done2', '/3dRenderDone'] as const;
const done = screen(
  () => import('./screens/done-screen'),
  (m) => m.DoneScreen,
);
const textToPrompt = screen(
  () => import('./screens/prompt-screens'),
  (m) => m.TextToPromptScreen,
);
const imageToPrompt = screen(
  () => import('./screens/prompt-screens'),
  (m) => m.ImageToPromptScreen,
);
const assistantChat = screen(
  () => import('./screens/assistant-screens'),
  (m) => m.AssistantChatScreen,
);
const imageAgent = screen(
  () => import('./screens/assistant-screens'),
  (m) => m.ImageAgentScreen,
);
const later = screen(
  () => import('./screens/later-screen'),
  (m) => m.LaterScreen,
);

/** The admin area is one chunk of its own: visitors never download it. */
const admin = <
  K extends
    'AdminIndex' | 'AdminLoginPage' | 'AdminLayout' | 'AdminAccountsPage' | 'AdminClientPage',
>(
  name: K,
) =>
  screen(
    () => import('../features/admin/admin-screens'),
    (m) => m[name],
  );

/** Whether a path is a tool page's, as the router used to match them: any case, slash or not. */
export const isToolPath = (pathname: string) =>
  catalogToolForRoute(pathname.replace(/\/+$/, '')) !== undefined;

const notFound = screen(
  () => import('./screens/not-found-screen'),
  (m) => m.NotFoundScreen,
);
const LazyNotFound = lazy(async () => ({ default: (await notFound()).Component }));

/**
 * Every tool path is one route (`/:toolPath`), not 47: the router flattens, ranks and compiles
 * its whole table on every match (several times as it starts), so each route costs every page's
 * start-up (~70 ms at 4× CPU for the tool routes). A single path the table does not hold, which
 * this route now also matches, gets the not-found screen as before.
 */
const toolRoute: RouteObject['lazy'] = async () => {
  const { Component: Tool } = await tool();
  const ToolOrNotFound = () =>
    isToolPath(useLocation().pathname)
      ? createElement(Tool)
      : createElement(
          Suspense,
          { fallback: createElement(BootScreen) },
          createElement(LazyNotFound),
        );
  return { Component: ToolOrNotFound };
};

/** Screens of later issues, shown as designed coming-soon panels (see later-screens.ts). */
export const laterPaths: readonly string[] = [];

/** The complete route table of spec §2 under one root layout; the last route is the 404. */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: BootScreen,
    children: [
      page('/', homeNoFooter),
      page('/newhome', homeNoFooter),
      page('/home', home),
      page(
        '/list',
        screen(
          () => import('../features/function-list/function-list-page'),
          (m) => m.FunctionListPage,
        ),
      ),
      page(
        '/agreement',
        screen(
          () => import('../features/agreement/agreement-page'),
          (m) => m.AgreementPage,
        ),
      ),
      page('/mobileHome', mobileHome),
      page('/mobileList', mobile('MobileListScreen')),
      page('/mobilePrepare', mobile('MobilePrepareScreen')),
      page('/mobileDone', mobile('MobileDoneScreen')),
      page(
        LOGIN_PATH,
        screen(
          () => import('./screens/user-login-screen'),
          (m) => m.UserLoginScreen,
        ),
      ),
      page('/admin', admin('AdminIndex')),
      page('/admin/login', admin('AdminLoginPage')),
      {
        // Pathless admin layout: hidden, with its children, from anyone who is not an admin.
        id: 'admin-layout',
        lazy: admin('AdminLayout'),
        handle: { access: 'canAdmin' } satisfies RouteHandle,
        children: [
          page('/admin/accounts', admin('AdminAccountsPage'), 'canAdmin'),
          page('/admin/client', admin('AdminClientPage'), 'canAdmin'),
          ...areaAdminRoutes,
        ],
      },
      page('/lama', toolNoFooter),
      page('/aiDesignMangement', works),
      page('/client', client),
      page('/text2prompt', textToPrompt),
      page('/img2prompt', imageToPrompt),
      page('/:toolPath', toolRoute),
      page('/deepseek', assistantChat),
      page('/imgagent', imageAgent),
      ...areaRoutes,
      ...laterPaths.map((path) => page(path, later)),
      ...donePaths.map((path) => page(path, done)),
      page('*', notFound),
    ],
  },
];

/** Created after startup rules have fixed the address (main.tsx), so the first match is final. */
export const createAppRouter = () => createBrowserRouter(appRoutes, { basename: '/' });
