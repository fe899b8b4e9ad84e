import { allTools, getTool } from '@huijing/tools';
import { describe, expect, it } from 'vitest';
import { enUS } from '../../../locales/en-US';
import { zhCN } from '../../../locales/zh-CN';
import {
  hasPhrase,
  phraseList,
  suggestionSetFor,
  suggestionSets,
  togglePhrase,
} from './prompt-phrases';

describe('prompt phrases', () => {
  it('adds a phrase with a Chinese comma and takes it out on a second tap', () => {
    expect(togglePhrase('', '客厅')).toBe('客厅');
    expect(togglePhrase('奶油风客厅, 落地窗', '午后斜阳')).toBe('奶油风客厅，落地窗，午后斜阳');
    expect(togglePhrase('奶油风客厅，午后斜阳，落地窗', '午后斜阳')).toBe('奶油风客厅，落地窗');
    expect(hasPhrase('奶油风客厅，午后斜阳', '午后斜阳')).toBe(true);
    // A phrase inside a longer one is not the phrase.
    expect(hasPhrase('奶油风客厅', '客厅')).toBe(false);
  });

  it('joins with the separator it is given (", " in English)', () => {
    expect(togglePhrase('cosy living room', 'soft daylight', 1000, ', ')).toBe(
      'cosy living room, soft daylight',
    );
  });

  it('leaves the prompt as it is when the phrase would pass the limit', () => {
    const long = '字'.repeat(998);
    expect(togglePhrase(long, '客厅', 1000)).toBe(long);
  });

  it('picks the phrase set from the catalogues a tool names, not from its id', () => {
    const setOf = (id: string) => suggestionSetFor(getTool(id)!);
    expect(setOf('home-decoration')).toBe('interior');
    expect(setOf('indoor-exterior')).toBe('interior');
    expect(setOf('gongzhuang')).toBe('commercial');
    expect(setOf('architecture')).toBe('architecture');
    expect(setOf('birds-eye')).toBe('architecture');
    expect(setOf('landscape')).toBe('landscape');
    expect(setOf('material-change')).toBe('editing');
    // An editing tool that names an interior style talks about interiors.
    expect(setOf('old-house')).toBe('interior');
    // The generation tools draw their own prompt box.
    expect(setOf('text-to-image')).toBeUndefined();
  });

  it('has phrases in both languages for every set a tool can get, each group labelled', () => {
    const used = new Set(allTools.map((t) => suggestionSetFor(t)).filter(Boolean));
    expect([...used].sort()).toEqual([...suggestionSets].sort());
    for (const locale of [zhCN, enUS]) {
      const suggest = locale.generation.suggest;
      for (const set of suggestionSets) {
        const groups = Object.entries(suggest.sets[set]);
        expect(groups.length, set).toBeGreaterThanOrEqual(3);
        for (const [key, text] of groups) {
          expect(suggest.groups, `${set}.${key}`).toHaveProperty(key);
          const phrases = phraseList(text);
          expect(phrases.length, `${set}.${key}`).toBeGreaterThanOrEqual(4);
          expect(new Set(phrases).size).toBe(phrases.length);
          // A phrase holding a separator would split into two when read back.
          for (const p of phrases) expect(p).not.toMatch(/[，,、\n]/);
        }
      }
    }
  });
});
