import { extraRoutes, specRoutes } from '@huijing/contracts';
import { allTools, toolForRoute } from '@huijing/tools';
import { screen, within } from '@testing-library/react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { laterScreenFor } from './later-screens';
import { BootScreen } from './root-layout';
import { RouteErrorScreen } from './route-error-screen';
import { appRoutes, isToolPath, laterPaths } from './router';
import { renderAt } from './test-utils';

const children = appRoutes[0]?.children ?? [];
/** Leaf routes, flattened through pathless layouts (the admin layout). */
const leaves = (routes: RouteObject[]): RouteObject[] =>
  routes.flatMap((r) => (r.children ? leaves(r.children) : [r]));
/** Every tool's routes in the registry but /lama, which has a route of its own. */
const toolPaths = [
  ...new Set(allTools.flatMap((t) => t.routes).filter((path) => path !== '/lama')),
];
/** The tool pages share one route (router.tsx); it stands for every tool path. */
const TOOL_ROUTE = '/:toolPath';
const paths = leaves(children)
  .map((r) => r.path)
  .filter((p): p is string => p !== undefined && p !== '*')
  .flatMap((p) => (p === TOOL_ROUTE ? [...toolPaths] : [p]));

describe('route table', () => {
  it('holds exactly the routes of spec §2 plus the extra routes, once each, under one root', () => {
    expect(appRoutes).toHaveLength(1);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...specRoutes, ...extraRoutes].sort());
  });

  it('sends every tool path, in any case, to the tool route, and no other path there', () => {
    const routeOf = (path: string) => matchRoutes(appRoutes, path)?.at(-1)?.route.path;
    for (const path of toolPaths) {
      expect(routeOf(path), path).toBe(TOOL_ROUTE);
      expect(isToolPath(path)).toBe(true);
      expect(isToolPath(`${path.toUpperCase()}/`)).toBe(true);
    }
    const others = [...specRoutes, ...extraRoutes].filter((p) => !isToolPath(p));
    expect(others.length).toBeGreaterThan(20);
    for (const path of others) {
      expect(routeOf(path.replace(/:\w+/g, 'x')), path).not.toBe(TOOL_ROUTE);
    }
    // A single path that is no tool's matches the tool route, which shows the not-found screen.
    expect(isToolPath('/indoorRenderX')).toBe(false);
  });

  it('names an access key on every screen (spec §3); only the admin area is not public', () => {
    const named = leaves(children).map((r) => [r.path, (r.handle as { access?: string })?.access]);
    for (const [path, access] of named) expect(access, String(path)).toBeTruthy();
    const guarded = named.filter(([, access]) => access !== 'public').map(([path]) => path);
    expect(guarded).toEqual(expect.arrayContaining(['/admin/accounts', '/admin/client']));
    // Every admin screen but the sign-in page is guarded; other areas may guard their own.
    const adminScreens = named
      .map(([path]) => String(path))
      .filter((p) => p.startsWith('/admin/') && p !== '/admin/login');
    expect(adminScreens.filter((p) => !guarded.includes(p))).toEqual([]);
  });

  it('ends with a catch-all not-found route and loads every screen on demand', () => {
    expect(children.at(-1)?.path).toBe('*');
    for (const route of leaves(children)) expect(typeof route.lazy).toBe('function');
  });

  it('gives every registry route a tool page and every later screen its own copy', () => {
    const registryRoutes = new Set(allTools.flatMap((t) => t.routes));
    for (const route of registryRoutes) expect(paths).toContain(route);
    for (const path of [...toolPaths, '/lama']) expect(toolForRoute(path)).toBeDefined();
    for (const path of laterPaths) expect(laterScreenFor(path)?.title).toBeTruthy();
  });
});

describe('screens', () => {
  it('home shows every tool of the registry', async () => {
    renderAt('/home');
    await screen.findByRole('heading', { level: 1 });
    for (const tool of allTools) {
      expect(document.querySelector(`[data-tool="${tool.id}"]`)).toHaveTextContent(
        tool.name['zh-CN'],
      );
    }
    expect(screen.getAllByRole('link', { name: /用户协议/ }).length).toBeGreaterThan(0);
    // The first render also transforms antd and every screen module, which is slow under jsdom.
  }, 30_000);

  it('/ has no footer while /home has one', async () => {
    const { unmount } = renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('footer')).toBeNull();
    unmount();
    renderAt('/home');
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('footer')).not.toBeNull();
  });

  it('shows the designed not-found page for an unknown path', async () => {
    const { unmount } = renderAt('/nosuchtool');
    expect(await screen.findByText('页面走丢了')).toBeInTheDocument();
    unmount();
    renderAt('/no/such/page');
    expect(await screen.findByText('页面走丢了')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /返回首页/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /功能列表/ })).toBeInTheDocument();
  });

  it('shows the tool workspace from the registry on a tool route, its frame first', async () => {
    renderAt('/indoorRenderNew');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('家装渲染');
    expect(screen.getByText(/AI 渲染/, { selector: '.hj-tool__crumb' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /登录后开始/ })).toBeInTheDocument();
    // The frame gave way to the workspace: one title, no outline left waiting.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.querySelector('.hj-tool-frame')).toBeNull();
  });

  it('picks the first-and-last-frame tool on /imgs2Video by its entry query', async () => {
    renderAt('/imgs2Video?mode=first-last');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('首尾帧视频');
  });

  it('gives later screens their own title', async () => {
    renderAt('/deepseek');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('AI 设计助手');
  });

  it('opens the function list on the first family and filters by name', async () => {
    renderAt('/list');
    const tabs = await screen.findByRole('tablist');
    expect(within(tabs).getByRole('tab', { selected: true })).toHaveTextContent('AI 渲染');
    expect(document.querySelector('[data-tool="home-decoration"]')).toBeInTheDocument();
    expect(document.querySelector('[data-tool="clean"]')).toBeNull();
  });

  it('searches the function list by English name across families', async () => {
    renderAt('/list?q=upscale');
    expect(await screen.findByText(/找到 2 个相关功能/)).toBeInTheDocument();
    expect(document.querySelector('[data-tool="upscale"]')).toBeInTheDocument();
    expect(document.querySelector('[data-tool="real-upscale"]')).toBeInTheDocument();
    expect(document.querySelector('[data-tool="home-decoration"]')).toBeNull();
  });

  it('renders the agreement with a table of contents', async () => {
    renderAt('/agreement');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('用户服务协议');
    expect(screen.getAllByText(/AI 生成内容的规则与标识/).length).toBeGreaterThanOrEqual(2);
  });

  it('shows a reload prompt when a screen chunk fails to load, by kind', async () => {
    const failing = (message: string) => [
      {
        ErrorBoundary: RouteErrorScreen,
        HydrateFallback: BootScreen,
        children: [
          {
            path: '/',
            lazy: async () => {
              throw new TypeError(message);
            },
          },
        ],
      },
    ];
    const script = renderAt(
      '/',
      failing('Failed to fetch dynamically imported module: /assets/x.js'),
    );
    expect(await screen.findByText('页面资源加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重新加载/ })).toBeInTheDocument();
    script.unmount();
    renderAt('/', failing('Unable to preload CSS for /assets/x.css'));
    expect(await screen.findByText('页面样式加载失败')).toBeInTheDocument();
  });
});
