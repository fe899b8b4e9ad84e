import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { AccountSlotsProvider, type AccountSlots } from '../components/account-slots';
import { FirstScreenOnly } from '../components/first-screen';
import { initI18n } from './i18n';
import { HomeWithoutFooter } from './screens/home-screens';
import { MobileHomeScreen } from './screens/mobile-home-screen';
import { noticePlaceholders } from '@huijing/contracts';
import { toolFrames } from 'virtual:tool-frames';
import { catalogTools } from '../lib/tool-catalog';
import { StageEmpty } from '../features/tools/components/stage-empty';
import { UnavailableNoticeView } from '../features/tools/components/unavailable-notice';
import { ToolFrame } from './screens/tool-frame';

/**
 * Build-time only (build/prerender.ts loads this through Vite's SSR loader): the first screen of
 * the home page, the phone home and each tool page's frame as static markup for their shells, so
 * a visitor sees the page before any script has run. The app replaces it with the same markup
 * when it starts (main.tsx); below-the-fold parts (components/first-screen.tsx) are the app's.
 *
 * Nothing here knows the visitor: the account corner is an empty placeholder of its size (a
 * signed-in designer must not see 登录 flash), tool availability is unknown (the hero offers the
 * list, as it does until the availability call answers). A tool page's shell is the exception:
 * the server adds the availability answer to it and, when the tool cannot run, the frame's
 * notice from `renderNoticeTemplates` (apps/server/src/http/tool-shell.ts).
 */
const Wait = () => <span className="hj-header__account-wait" aria-busy="true" />;
const MobileWait = () => <span className="hj-m__login" aria-busy="true" />;
const slots: AccountSlots = { HeaderAccount: Wait, DrawerAccount: Wait, MobileAccount: MobileWait };

const screens: Record<'home' | 'mobile-home' | 'tool', ComponentType> = {
  home: HomeWithoutFooter,
  'mobile-home': MobileHomeScreen,
  tool: () => <ToolFrame footer={false} />,
};

export type FirstScreen = keyof typeof screens;

const Frame = ({ path, children }: { path: string; children: ReactNode }) => (
  <FirstScreenOnly.Provider value>
    <I18nextProvider i18n={initI18n()}>
      <QueryClientProvider client={new QueryClient()}>
        <StaticRouter location={path}>
          <AccountSlotsProvider value={slots}>{children}</AccountSlotsProvider>
        </StaticRouter>
      </QueryClientProvider>
    </I18nextProvider>
  </FirstScreenOnly.Provider>
);

/** The markup of `screen`'s first view at `path`, for the inside of `<div id="root">`. */
export const renderFirstScreen = (screen: FirstScreen, path: string): string => {
  const Screen = screens[screen];
  return renderToStaticMarkup(
    <Frame path={path}>
      <Screen />
    </Frame>,
  );
};

/**
 * The tool frame's unavailable notice with no, one and two alternatives, their fields left as
 * placeholders: the server fills one in and writes it into a tool page's shell when the tool
 * cannot run, so the notice paints with the page instead of when the app has started.
 */
export const renderNoticeTemplates = (): string[] =>
  [0, 1, 2].map((count) => {
    const others = Array.from({ length: count }, (_, i) => {
      const p = noticePlaceholders(i);
      return { id: p.id, name: { 'zh-CN': p.name, 'en-US': p.name }, entry: p.href };
    });
    return renderToStaticMarkup(
      <Frame path="/">
        <UnavailableNoticeView others={others} className="hj-tool__alert" />
      </Frame>,
    );
  });

/** The tools a notice may suggest, in the registry's order, with what its links show. */
export const noticeTools = () =>
  catalogTools.map((t) => ({ id: t.id, family: t.family, name: t.name['zh-CN'], href: t.entry }));

/**
 * Each tool's empty stage (its tile and three steps), as the frame draws it for a device that
 * keeps no work of the tool: the server puts it in a tool page's shell unless the visitor's
 * `hj_work` cookie names the tool (apps/server/src/http/tool-shell.ts).
 */
export const renderStageSteps = (): Record<string, string> =>
  Object.fromEntries(
    catalogTools.flatMap((tool) => {
      const frame = toolFrames[tool.id];
      if (!frame) return [];
      const markup = renderToStaticMarkup(
        <Frame path={tool.entry}>
          <StageEmpty tool={tool} hasInputs={frame.inputs.length > 0} verb={frame.verb} />
        </Frame>,
      );
      return [[tool.id, markup]];
    }),
  );
