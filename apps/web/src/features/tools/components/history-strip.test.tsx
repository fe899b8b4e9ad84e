import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { renderWithProviders } from '../../../test/fake-api';
import { HistoryStrip } from './history-strip';

initI18n();

const task = (taskId: string, status: string) => ({
  taskId,
  toolId: 'to-line',
  status,
  queueNum: 0,
  progress: status === 'succeeded' ? 100 : 0,
  outputs: [],
  prompt: null,
  error: null,
  createdAt: '2026-03-02T08:00:00.000Z',
  finishedAt: '2026-03-02T08:00:05.000Z',
});

describe('the history strip', () => {
  it('keeps a canceled run as 已取消 and says its tickets came back', () => {
    renderWithProviders(
      <HistoryStrip
        tasks={[task('t1', 'canceled'), task('t2', 'queued')] as never}
        loading={false}
        onOpen={() => undefined}
        onDelete={() => undefined}
      />,
      { path: '/toline' },
    );
    expect(screen.getByText('已取消')).toBeInTheDocument();
    expect(screen.getAllByText('次数已退回')).toHaveLength(1);
    const open = screen.getByText('已取消').closest('button')!;
    expect(open.title).toContain('预扣的次数已全部退回');
  });
});
