import { describe, expect, it } from 'vitest';
import qa from './qa.md?raw';
import { parseQa, searchQa } from './qa-model';

describe('help center', () => {
  const entries = parseQa(qa);
  it('reads sections, questions and answers from the Markdown', () => {
    expect(entries.length).toBeGreaterThan(8);
    const first = entries[0]!;
    expect(first.section).toBe('新手入门');
    expect(first.question).toBe('绘境是什么？');
    expect(first.answer).toContain('设计师');
    expect(entries.every((e) => e.answer.length > 0)).toBe(true);
  });
  it('finds answers by every word of the query', () => {
    expect(searchQa(entries, '审核').map((e) => e.question)).toContain(
      '发布后为什么显示「审核中」？',
    );
    expect(searchQa(entries, '手机号 灵感广场').map((e) => e.question)).toEqual([
      '其他人能看到我的手机号吗？',
    ]);
    expect(searchQa(entries, '不存在的词')).toEqual([]);
    expect(searchQa(entries, '  ')).toHaveLength(entries.length);
  });
});
