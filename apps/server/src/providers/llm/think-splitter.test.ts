import { describe, expect, it } from 'vitest';
import type { LlmDelta } from './llm';
import { createThinkSplitter, splitThink } from './think-splitter';

/** Feeds the text in pieces of `size` characters and joins the result per kind. */
const feed = (text: string, size: number) => {
  const splitter = createThinkSplitter();
  const out: LlmDelta[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...splitter.push(text.slice(i, i + size)));
  out.push(...splitter.end());
  const join = (kind: LlmDelta['kind']) =>
    out
      .filter((d) => d.kind === kind)
      .map((d) => d.text)
      .join('');
  return { content: join('content'), reasoning: join('reasoning'), out };
};

describe('think splitter', () => {
  const text = '<think>先分析空间，再看光线 a<b</think>建议：增加暖光 <thinking> 不是标签';

  it('splits reasoning from content whatever the chunk size (tags cut in two)', () => {
    for (const size of [1, 2, 3, 5, 7, 8, 13, 100]) {
      const r = feed(text, size);
      expect(r.reasoning, `size ${size}`).toBe('先分析空间，再看光线 a<b');
      expect(r.content, `size ${size}`).toBe('建议：增加暖光 <thinking> 不是标签');
    }
  });

  it('does not hold back ordinary text: only a possible tag start waits', () => {
    const splitter = createThinkSplitter();
    expect(splitter.push('你好 <th')).toEqual([{ kind: 'content', text: '你好 ' }]);
    expect(splitter.push('in')).toEqual([]);
    expect(splitter.push('g>')).toEqual([{ kind: 'content', text: '<thing>' }]);
  });

  it('keeps an unterminated block as reasoning and drops a stray closing tag', () => {
    expect(feed('<think>还在想', 3)).toMatchObject({ reasoning: '还在想', content: '' });
    expect(splitThink('想过了</think>答案')).toEqual({ content: '想过了答案', reasoning: '' });
    expect(splitThink('没有标签的回答')).toEqual({ content: '没有标签的回答', reasoning: '' });
  });
});
