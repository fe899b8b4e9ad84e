import { describe, expect, it } from 'vitest';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

type Tree = { [key: string]: string | Tree };

/** Every leaf as [dotted key, text]. */
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string'
      ? [[`${prefix}${k}`, v] as [string, string]]
      : leaves(v, `${prefix}${k}.`),
  );

/** Han ideographs and the full-width punctuation that comes with Chinese text. */
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff01-\uff5e]/;
/**
 * Chinese that belongs in English text: a quoted literal (the watermark drawn on images, “绘境 AI
 * 生成”) and a language named in itself (a “中文” switch reads the same in every language).
 */
const untranslated = (text: string) =>
  !['中文', '简体中文'].includes(text.trim()) && CJK.test(text.replace(/“[^”]*”/g, ''));
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const zh = new Map(leaves(zhCN as unknown as Tree));
const en = new Map(leaves(enUS as unknown as Tree));

describe('en-US resources', () => {
  it('translate every zh-CN key and nothing else', () => {
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
  });

  it('have no empty strings and no Chinese left untranslated', () => {
    expect(untranslated('Upload 原图 first')).toBe(true);
    expect(untranslated('Carries a “绘境 AI 生成” mark')).toBe(false);
    const empty = [...en].filter(([, text]) => text.trim() === '').map(([key]) => key);
    const chinese = [...en].filter(([, text]) => untranslated(text)).map(([key]) => key);
    expect(empty).toEqual([]);
    expect(chinese).toEqual([]);
  });

  it('keep every interpolation placeholder of the Chinese text', () => {
    const mismatched = [...zh]
      .filter(([key, text]) => placeholders(text).join() !== placeholders(en.get(key) ?? '').join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it('zh-CN has no empty strings either', () => {
    expect([...zh].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });
});
