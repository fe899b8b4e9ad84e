/** One question of the help center with the section it sits in. */
export type QaEntry = { section: string; question: string; answer: string };

/**
 * The help center's Markdown (help/qa.md): `##` sections, `###` questions, paragraphs as the
 * answer. Kept as Markdown in the repo so answers are edited like documents.
 */
export const parseQa = (markdown: string): QaEntry[] => {
  const out: QaEntry[] = [];
  let section = '';
  let current: QaEntry | undefined;
  for (const raw of markdown.split('\n')) {
    const line = raw.trimEnd();
    if (line.startsWith('### ')) {
      current = { section, question: line.slice(4).trim(), answer: '' };
      out.push(current);
    } else if (line.startsWith('## ')) {
      section = line.slice(3).trim();
      current = undefined;
    } else if (current && line.trim() !== '') {
      current.answer = current.answer ? `${current.answer}\n${line.trim()}` : line.trim();
    }
  }
  return out;
};

/** Entries whose question or answer holds every word of the query (case-insensitive). */
export const searchQa = (entries: QaEntry[], query: string): QaEntry[] => {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return entries;
  return entries.filter((e) => {
    const text = `${e.question}\n${e.answer}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
};
