import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from '../locales/en-US';
import { zhCN } from '../locales/zh-CN';

export type AppLanguage = 'zh-CN' | 'en-US';

/** The product is Chinese-first; English exists for tool names and shell strings. */
export const initI18n = (language: AppLanguage = 'zh-CN') => {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
      lng: language,
      fallbackLng: 'zh-CN',
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
  }
  return i18n;
};
