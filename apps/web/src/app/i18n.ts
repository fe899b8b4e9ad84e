import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import shell from 'virtual:locale/shell';
import { addStrings, pendingStrings } from '../locales/register';

export type AppLanguage = 'zh-CN' | 'en-US';

/**
 * The product is Chinese-first. The entry carries only the shell's zh-CN strings; each area's
 * arrive with its screens (locales/areas/*.ts), English only when asked for (loadLanguage).
 */
export const initI18n = (language: AppLanguage = 'zh-CN') => {
  if (!i18n.isInitialized) {
    const pending = pendingStrings();
    const resources: Record<string, { translation: Record<string, unknown> }> = {
      'zh-CN': { translation: { ...shell, ...pending['zh-CN'] } },
    };
    for (const [lng, trees] of Object.entries(pending)) {
      if (lng !== 'zh-CN') resources[lng] = { translation: trees };
    }
    void i18n.use(initReactI18next).init({
      resources,
      // en-US is added when it is asked for, not present from the start.
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: 'zh-CN',
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
  }
  return i18n;
};

/**
 * Loads a language's strings (en-US is its own chunk) and switches to it.
 * @public kept for a language switch; no screen offers one yet
 */
export const loadLanguage = async (language: AppLanguage) => {
  if (language === 'en-US' && !i18n.hasResourceBundle('en-US', 'translation')) {
    const { enUS } = await import('../locales/en-US');
    addStrings('en-US', enUS);
  }
  await initI18n().changeLanguage(language);
};
