import { describe, expect, it } from 'vitest';
import { allTools, getTool } from './registry';
import { toolVerb } from './verbs';

describe('the start button verb of each tool', () => {
  it('says what the tool does, starting with 开始 or 生成', () => {
    for (const tool of allTools) expect(toolVerb(tool)['zh-CN']).toMatch(/^(开始|生成)/);
  });

  it('names the work: compress, upscale and render say so; an edit served by render says its own', () => {
    expect(toolVerb(getTool('compress')!)['zh-CN']).toBe('开始压缩');
    expect(toolVerb(getTool('upscale')!)['zh-CN']).toBe('开始放大');
    expect(toolVerb(getTool('indoor')!)['zh-CN']).toBe('开始渲染');
    expect(toolVerb(getTool('old-house')!)['zh-CN']).toBe('开始改造');
    expect(toolVerb(getTool('clean')!)['zh-CN']).toBe('开始消除');
  });

  it('leaves 开始生成 only to tools that generate a new picture', () => {
    const generic = allTools
      .filter((t) => toolVerb(t)['zh-CN'] === '开始生成')
      .map((t) => t.family);
    expect(new Set(generic)).toEqual(new Set(['generate']));
  });
});
