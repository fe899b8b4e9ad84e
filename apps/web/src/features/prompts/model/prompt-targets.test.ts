import { getTool } from '@huijing/tools';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TARGET, promptTargetHref, promptTargets } from './prompt-targets';

describe('prompt targets', () => {
  it('lists only tools with a prompt box, text to image among them', () => {
    expect(promptTargets.map((t) => t.id)).toContain(DEFAULT_TARGET);
    expect(promptTargets.map((t) => t.id)).not.toContain('compress');
    for (const tool of promptTargets) expect(Object.keys(tool.params.shape)).toContain('promptTxt');
  });

  it('puts the prompt in the first route’s query, keeping the route’s own query', () => {
    const href = promptTargetHref(getTool(DEFAULT_TARGET)!, ' 北欧风客厅 & 落地窗 ');
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe(getTool(DEFAULT_TARGET)!.routes[0]);
    expect(url.searchParams.get('prompt')).toBe('北欧风客厅 & 落地窗');
    const long = new URL(promptTargetHref(getTool(DEFAULT_TARGET)!, 'a'.repeat(3000)), 'http://x');
    expect(long.searchParams.get('prompt')).toHaveLength(1000);
  });
});
