import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCNLocale from 'antd/es/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { TOAST_MAX_COUNT, TOAST_TOP } from '../lib/constants';
import { registerNotifier } from '../lib/notify';
import { initI18n } from './i18n';
import { theme } from './theme';

dayjs.locale('zh-cn');

/** Hands antd's context-aware message API to lib/notify, the single message handler. */
const NotifierBridge = () => {
  const { message } = AntApp.useApp();
  useEffect(() => {
    registerNotifier((text, kind) => {
      // One message per text at a time: the same server error never stacks. The returned
      // function closes it (lib/notify closes notices about a page the designer left).
      return message.open({ type: kind, content: text, key: `${kind}:${text}` });
    });
    return () => registerNotifier(undefined);
  }, [message]);
  return null;
};

export const Providers = ({ client, children }: { client: QueryClient; children: ReactNode }) => (
  <I18nextProvider i18n={initI18n()}>
    <ConfigProvider locale={zhCNLocale} theme={theme}>
      <AntApp message={{ top: TOAST_TOP, maxCount: TOAST_MAX_COUNT }}>
        <NotifierBridge />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  </I18nextProvider>
);
