import { useTranslation } from 'react-i18next';

export type Localized = { 'zh-CN': string; 'en-US': string };

/** Picks the current language's text from registry data (tool names, descriptions). */
export const useLocalized = () => {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en-US' ? 'en-US' : 'zh-CN';
  return (text: Localized) => text[lang];
};
