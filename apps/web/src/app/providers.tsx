import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { registerNotifier, type Notifier } from '../lib/notify';
import { initI18n } from './i18n';

/** Loads antd's message (components/antd-root.tsx) the first time something is said. */
const antdRoot = () => import('../components/antd-root');

const lazyNotifier: Notifier = (text, kind, silence) => {
  let closed = false;
  let close: (() => void) | undefined;
  void antdRoot().then(({ showNotice }) => {
    if (!closed) close = showNotice(text, kind, silence);
  });
  return () => {
    closed = true;
    close?.();
  };
};

/** Hands antd's message API to lib/notify, the single message handler. */
const NotifierBridge = () => {
  useEffect(() => {
    registerNotifier(lazyNotifier);
    return () => registerNotifier(undefined);
  }, []);
  return null;
};

/**
 * What every screen shares. antd's ConfigProvider is not here: it comes with the screens that
 * use antd (app/route-helpers.ts), so a plain first screen loads no component library.
 */
export const Providers = ({ client, children }: { client: QueryClient; children: ReactNode }) => (
  <I18nextProvider i18n={initI18n()}>
    <NotifierBridge />
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  </I18nextProvider>
);
