/**
 * The keyword index: the distinct characters and character bigrams of the normalised text. A
 * keyword of one character is looked up as such, a longer one by one of its bigrams, so every
 * query is served by an exact index lookup (no collation-dependent ranges), and the full match is
 * then checked on the candidate row's search_text.
 */

/** Caps the indexed text (prompts can be long); the first part carries what people search for. */
const MAX_INDEXED = 240;

/** Full-width to half-width, lower case, runs of anything but letters and digits to one space. */
export const normaliseText = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The text a picture is searched by: title, tags and prompt, normalised. */
export const searchTextOf = (parts: { title: string; tags: string[]; prompt: string }): string =>
  normaliseText([parts.title, ...parts.tags, parts.prompt].join(' ')).slice(0, MAX_INDEXED);

/** Distinct characters and bigrams (within a space-separated run) of the search text. */
export const termsOf = (searchText: string): string[] => {
  const out = new Set<string>();
  for (const run of searchText.split(' ')) {
    const chars = [...run];
    for (let i = 0; i < chars.length; i++) {
      out.add(chars[i]!);
      if (i + 1 < chars.length) out.add(chars[i]! + chars[i + 1]!);
    }
  }
  return [...out];
};

export type KeywordPlan =
  | { kind: 'none' }
  /**
   * Rows holding the driving term, then checked against the whole keyword. `exact` when the
   * keyword is the term itself (one word of one or two characters): holding the term is then a
   * match, so a count needs no look at the text.
   */
  | { kind: 'term'; term: string; like: string; exact: boolean };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * How a keyword is looked up. The longest run of the keyword drives the lookup (several words are
 * all required through the LIKE check on the normalised text, in order).
 */
export const planKeyword = (keyword: string | undefined): KeywordPlan => {
  const norm = normaliseText(keyword ?? '');
  if (norm === '') return { kind: 'none' };
  const like = `%${norm.split(' ').map(escapeLike).join('%')}%`;
  const longest = norm.split(' ').reduce((a, b) => ([...b].length > [...a].length ? b : a));
  const chars = [...longest];
  const exact = longest === norm && chars.length <= 2;
  if (chars.length === 1) return { kind: 'term', term: chars[0]!, like, exact };
  // The middle bigram of the longest word: first and last characters are the most common ones.
  const mid = Math.max(0, Math.floor((chars.length - 2) / 2));
  return { kind: 'term', term: chars[mid]! + chars[mid + 1]!, like, exact };
};
