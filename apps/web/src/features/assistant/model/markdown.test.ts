import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown';

describe('markdown reader', () => {
  it('reads headings, lists, tables, quotes and code fences', () => {
    const blocks = parseMarkdown(
      [
        '## 配色建议',
        '',
        '- **主色**：米白',
        '- 辅色：`#C8A27A`',
        '',
        '1. 先换地毯',
        '2. 再加灯',
        '',
        '| 区域 | 材质 |',
        '| --- | --- |',
        '| 地面 | 木地板 |',
        '',
        '> 注意采光',
        '',
        '```css',
        '.wall { color: red; }',
        '```',
        '结语',
      ].join('\n'),
    );
    expect(blocks.map((b) => b.type)).toEqual([
      'heading',
      'list',
      'list',
      'table',
      'quote',
      'code',
      'paragraph',
    ]);
    expect(blocks[1]).toMatchObject({
      ordered: false,
      items: [
        [
          { type: 'strong', children: [{ type: 'text', text: '主色' }] },
          { type: 'text', text: '：米白' },
        ],
        [
          { type: 'text', text: '辅色：' },
          { type: 'code', text: '#C8A27A' },
        ],
      ],
    });
    expect(blocks[2]).toMatchObject({ ordered: true, start: 1 });
    expect(blocks[3]).toMatchObject({ header: [[{ text: '区域' }], [{ text: '材质' }]] });
    expect(blocks[5]).toEqual({ type: 'code', lang: 'css', text: '.wall { color: red; }' });
  });

  it('keeps a half-streamed code fence as code', () => {
    expect(parseMarkdown('看这里：\n```js\nconst a = 1;')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: '看这里：' }] },
      { type: 'code', lang: 'js', text: 'const a = 1;' },
    ]);
  });

  it('follows web links only and never produces markup from text', () => {
    expect(parseInline('[官网](https://example.com) [坏](javascript:alert(1))')).toEqual([
      { type: 'link', href: 'https://example.com', children: [{ type: 'text', text: '官网' }] },
      { type: 'text', text: ' [坏](javascript:alert(1))' },
    ]);
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([
      { type: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
  });
});
