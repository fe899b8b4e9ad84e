import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../app/i18n';

const i18n = initI18n();

describe('the queue line', () => {
  it('says "1 task" and "2 tasks" in English, and the same words for any count in Chinese', () => {
    const en = i18n.getFixedT('en-US');
    expect(en('tools.task.ahead', { count: 1 })).toBe('1 task ahead of yours');
    expect(en('tools.task.ahead', { count: 2 })).toBe('2 tasks ahead of yours');
    const zh = i18n.getFixedT('zh-CN');
    expect(zh('tools.task.ahead', { count: 1 })).toBe('前面还有 1 个任务');
    expect(zh('tools.task.ahead', { count: 3 })).toBe('前面还有 3 个任务');
  });
});
