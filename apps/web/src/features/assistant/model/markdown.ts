/**
 * A small Markdown reader for model answers. It produces a tree that React renders as elements,
 * never HTML strings, so nothing a model writes (or a prompt injects) can become markup or script.
 * It must cope with half an answer: an unclosed code fence while streaming is code so far.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: number; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'code'; lang: string; text: string }
  | { type: 'quote'; children: Inline[] }
  | { type: 'table'; header: Inline[][]; rows: Inline[][][] }
  | { type: 'rule' };

/** Only web links are followed; `javascript:` and friends stay text. */
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

const INLINE =
  /(`+)([\s\S]*?[^`])\1(?!`)|\*\*([\s\S]+?)\*\*|__([\s\S]+?)__|\*([^\s*][\s\S]*?)\*|\[([^\]]+)\]\(([^)\s]+)\)/;

export const parseInline = (text: string): Inline[] => {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) {
      out.push({ type: 'text', text: rest });
      break;
    }
    if (m.index > 0) out.push({ type: 'text', text: rest.slice(0, m.index) });
    if (m[1]) out.push({ type: 'code', text: m[2]!.trim() || m[2]! });
    else if (m[3] !== undefined || m[4] !== undefined) {
      out.push({ type: 'strong', children: parseInline(m[3] ?? m[4]!) });
    } else if (m[5] !== undefined) out.push({ type: 'em', children: parseInline(m[5]) });
    else if (m[6] !== undefined) {
      const href = m[7]!;
      if (SAFE_HREF.test(href)) {
        out.push({ type: 'link', href, children: parseInline(m[6]) });
      } else out.push({ type: 'text', text: m[0] });
    }
    rest = rest.slice(m.index + m[0].length);
  }
  // Neighbouring text pieces read better as one.
  return out.reduce<Inline[]>((acc, node) => {
    const last = acc.at(-1);
    if (last?.type === 'text' && node.type === 'text') last.text += node.text;
    else acc.push(node);
    return acc;
  }, []);
};

const FENCE = /^\s*(```|~~~)\s*([\w+-]*)\s*$/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const ORDERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const QUOTE = /^\s*>\s?(.*)$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => parseInline(c.trim()));

export const parseMarkdown = (source: string): Block[] => {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trim().startsWith(fence[1]!)) body.push(lines[i++]!);
      i++; // the closing fence (or the end of a half-streamed answer)
      blocks.push({ type: 'code', lang: fence[2] ?? '', text: body.join('\n') });
      continue;
    }
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({
        type: 'heading',
        level: heading[1]!.length,
        children: parseInline(heading[2]!),
      });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }
    if (line.includes('|') && TABLE_SEPARATOR.test(lines[i + 1] ?? '')) {
      const header = cells(line);
      const rows: Inline[][][] = [];
      i += 2;
      while (i < lines.length && lines[i]!.includes('|') && lines[i]!.trim()) {
        rows.push(cells(lines[i++]!));
      }
      blocks.push({ type: 'table', header, rows });
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = ORDERED.exec(line);
    if (bullet || ordered) {
      const pattern = bullet ? BULLET : ORDERED;
      const items: Inline[][] = [];
      while (i < lines.length) {
        const m = pattern.exec(lines[i]!);
        if (!m) break;
        items.push(parseInline(bullet ? m[1]! : m[2]!));
        i++;
      }
      blocks.push({
        type: 'list',
        ordered: !bullet,
        start: ordered ? Number(ordered[1]) : 1,
        items,
      });
      continue;
    }
    const quote = QUOTE.exec(line);
    if (quote) {
      const body: string[] = [];
      while (i < lines.length) {
        const m = QUOTE.exec(lines[i]!);
        if (!m) break;
        body.push(m[1]!);
        i++;
      }
      blocks.push({ type: 'quote', children: parseInline(body.join('\n')) });
      continue;
    }
    const para: string[] = [];
    while (
      i < lines.length &&
      lines[i]!.trim() &&
      !FENCE.test(lines[i]!) &&
      !HEADING.test(lines[i]!) &&
      !BULLET.test(lines[i]!) &&
      !ORDERED.test(lines[i]!) &&
      !QUOTE.test(lines[i]!)
    ) {
      para.push(lines[i++]!);
    }
    blocks.push({ type: 'paragraph', children: parseInline(para.join('\n')) });
  }
  return blocks;
};
