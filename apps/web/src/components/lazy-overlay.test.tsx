import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazyPopconfirm, LazyTooltip } from './lazy-overlay';

describe('lazy overlays', () => {
  it('a click on the trigger before the overlay is in opens it once it arrives', async () => {
    const onConfirm = vi.fn();
    render(
      <LazyPopconfirm
        title="确定取消吗？"
        okText="取消任务"
        cancelText="继续等"
        onConfirm={onConfirm}
      >
        <button type="button">取消</button>
      </LazyPopconfirm>,
    );
    // The trigger is drawn at once, the overlay not yet loaded.
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(await screen.findByText('确定取消吗？')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '取消任务' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('a hint stands without its overlay, then shows on hover once loaded', async () => {
    render(
      <LazyTooltip title="移除这张图">
        <button type="button" aria-label="移除">
          ×
        </button>
      </LazyTooltip>,
    );
    const button = screen.getByRole('button', { name: '移除' });
    expect(button).toBeInTheDocument();
    // Once the overlay is in, hovering shows the hint (after antd's short delay).
    await vi.waitFor(
      () => {
        fireEvent.mouseEnter(screen.getByRole('button', { name: '移除' }));
        expect(screen.getByRole('tooltip')).toHaveTextContent('移除这张图');
      },
      { timeout: 10_000, interval: 200 },
    );
  });
});
