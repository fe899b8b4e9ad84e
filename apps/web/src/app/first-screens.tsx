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
import { ToolFrame } from './screens/tool-frame';

/**
 * Build-time only (build/prerender.ts loads this through Vite's SSR loader): the first screen of
 * the home page, the phone home and each tool page's frame as static markup for their shells, so
 * a visitor sees the page before any script has run. The app replaces it with the same markup
 * when it starts (main.tsx); below-the-fold parts (components/first-screen.tsx) are the app's.
 *
 * Nothing here knows the visitor: the account corner is an empty placeholder of its size (a
 * signed-in designer must not see 登录 flash), tool availability is unknown (the hero offers the
 * list, as it does until the availability call answers).
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
