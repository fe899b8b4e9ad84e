import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QUERY_STALE_TIME_MS } from '../lib/constants';
import { notify } from '../lib/notify';
import { createQueryClient } from './query-client';
import { renderAt } from './test-utils';

describe('providers', () => {
  it('shows messages from lib/notify through antd, the same text only once', async () => {
    renderAt('/agreement');
    await screen.findByRole('heading', { level: 1 });
    act(() => {
      notify('操作过于频繁，请稍后再试', 'error');
      notify('操作过于频繁，请稍后再试', 'error');
    });
    expect(await screen.findAllByText('操作过于频繁，请稍后再试')).toHaveLength(1);
  });

  it('caches server state for five minutes and keeps it at least as long', () => {
    const options = createQueryClient().getDefaultOptions().queries!;
    expect(options.staleTime).toBe(QUERY_STALE_TIME_MS);
    expect(options.gcTime).toBeGreaterThanOrEqual(QUERY_STALE_TIME_MS);
    expect(options.refetchOnWindowFocus).toBe(true);
  });
});
