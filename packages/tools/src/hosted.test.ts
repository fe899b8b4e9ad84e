import { describe, expect, it } from 'vitest';
import { fillHostedPrompt, hostedSlots } from './hosted';

describe('hosted prompt templates', () => {
  const template = {
    keep: { sketch: '沿线稿上色', default: '保持结构' },
    lines: ['{keep}', '风格为{style}', '视角为{view}，{prompt}', '材质真实。'],
  };

  it('fills slots, drops a line whose slot is empty and ends with one full stop', () => {
    expect(fillHostedPrompt(template, { style: '奶油风', prompt: '落地窗' })).toBe(
      '保持结构，风格为奶油风，材质真实。',
    );
    expect(fillHostedPrompt(template, { view: '鸟瞰', prompt: '  落地窗 ' }, 'sketch')).toBe(
      '沿线稿上色，视角为鸟瞰，落地窗，材质真实。',
    );
    expect(fillHostedPrompt({ lines: ['{prompt}'] }, {})).toBe('');
  });

  it('lists the slots a template names, once each', () => {
    expect(hostedSlots(template)).toEqual(['keep', 'style', 'view', 'prompt']);
  });
});
