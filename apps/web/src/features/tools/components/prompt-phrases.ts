import type { ClassifyGroup } from '@huijing/contracts';
import type { ToolDefinition } from '@huijing/tools';

/**
 * One-tap phrases for prompt boxes: the rules of adding and removing a phrase, and which set of
 * phrases a tool's prompt box offers. Pure, so they are tested without a DOM.
 */

export interface SuggestionGroup {
  /** Locale key under generation.suggest.groups. */
  key: string;
  phrases: readonly string[];
}

const parts = (prompt: string) =>
  prompt
    .split(/[，,、\n]+/)
    .map((p) => p.trim())
    .filter(Boolean);

export const hasPhrase = (prompt: string, phrase: string) => parts(prompt).includes(phrase);

/**
 * Adds a phrase after the others (with a Chinese comma unless told otherwise); tapping it again
 * takes it back out. A phrase that would pass `max` leaves the prompt as it is.
 */
export const togglePhrase = (prompt: string, phrase: string, max = 1000, separator = '，') => {
  const list = parts(prompt);
  const next = list.includes(phrase) ? list.filter((p) => p !== phrase) : [...list, phrase];
  const text = next.join(separator);
  return text.length > max ? prompt : text;
};

/** The phrase sets of the render and editing prompt boxes (locale generation.suggest.sets). */
export const suggestionSets = [
  'interior',
  'commercial',
  'architecture',
  'landscape',
  'editing',
] as const;
export type SuggestionSet = (typeof suggestionSets)[number];

const setOfCatalog: Partial<Record<ClassifyGroup, SuggestionSet>> = {
  'landscape-style': 'landscape',
  'landscape-type': 'landscape',
  'architecture-style': 'architecture',
  'architecture-type': 'architecture',
  'commercial-space': 'commercial',
  'interior-style': 'interior',
  'home-space': 'interior',
};
const precedence: readonly SuggestionSet[] = [
  'landscape',
  'architecture',
  'commercial',
  'interior',
];

/**
 * Which phrases a tool's prompt box offers, read from the tool's own data (no list of tool ids):
 * the catalogues its pickers name tell the subject (a landscape style → landscape phrases, a
 * commercial space → commercial ones); an editing tool without such a picker gets editing phrases,
 * any other render tool interior ones. The generation tools draw their own prompt box.
 */
export const suggestionSetFor = (
  tool: Pick<ToolDefinition, 'family' | 'widgets'>,
): SuggestionSet | undefined => {
  if (tool.family === 'generate') return undefined;
  const found = new Set(
    Object.values(tool.widgets).flatMap((w) => {
      const set = w?.catalog ? setOfCatalog[w.catalog] : undefined;
      return set ? [set] : [];
    }),
  );
  const bySubject = precedence.find((s) => found.has(s));
  if (bySubject) return bySubject;
  return tool.family === 'edit' ? 'editing' : 'interior';
};

/** A locale entry "胡桃木|微水泥|…" as its phrases. */
export const phraseList = (text: string): string[] =>
  text
    .split('|')
    .map((p) => p.trim())
    .filter(Boolean);
