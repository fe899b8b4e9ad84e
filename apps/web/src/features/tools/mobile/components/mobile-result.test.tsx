import type { TaskInfo } from '@huijing/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../../app/i18n';
import { MobileResult } from './mobile-result';

initI18n();

const out = { thumbUrl: null, width: 1024, height: 768, kind: 'image' as const };
const task = (outputs: TaskInfo['outputs']) => ({ taskId: 't', outputs }) as unknown as TaskInfo;

describe('MobileResult', () => {
  it('shows how much structure the shown picture kept, and nothing when unmeasured', () => {
    const outputs = [
      { ...out, url: '/api/files/a', structureScore: 0.874 },
      { ...out, url: '/api/files/b' },
    ];
    const { rerender } = render(<MobileResult task={task(outputs)} index={0} onIndex={() => {}} />);
    expect(screen.getByText(/1024 × 768 · 结构保持 87%/)).toBeTruthy();
    rerender(<MobileResult task={task(outputs)} index={1} onIndex={() => {}} />);
    expect(screen.getByText(/1024 × 768/).textContent).not.toMatch(/结构保持/);
  });
});
