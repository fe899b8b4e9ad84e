import i18n from 'i18next';

type Tree = Record<string, unknown>;

/** Strings added before i18next starts (an area module evaluated first), per language. */
const pending: Record<string, Tree> = {};

/**
 * Adds string trees to a language (`{ works: {…} }`): an area's strings arrive with its screens
 * (src/locales/areas/*.ts), English when it is asked for. Before i18next starts they wait and
 * join its first resources (app/i18n.ts).
 */
export const addStrings = (language: string, trees: Tree) => {
  if (i18n.isInitialized) {
    i18n.addResourceBundle(language, 'translation', trees, true, true);
  } else {
    pending[language] = { ...pending[language], ...trees };
  }
};

/** What was added before the start (read once by initI18n). */
export const pendingStrings = (): Readonly<Record<string, Tree>> => pending;
