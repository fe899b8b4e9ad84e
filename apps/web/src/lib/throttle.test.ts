import { QueryClient, QueryObserver, focusManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FOCUS_REFETCH_SPAN_MS } from './constants';
import { throttle, throttledFocusListener } from './throttle';

describe('throttle', () => {
  it('runs the first call and drops calls within the span', () => {
    let t = 0;
    const fn = vi.fn();
    const run = throttle(fn, 5000, () => t);
    expect(run()).toBe(true);
    t = 4999;
    expect(run()).toBe(false);
    t = 5000;
    expect(run()).toBe(true);
    t = 6000;
    run();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('focus refetch throttle', () => {
  afterEach(() => focusManager.setEventListener(throttledFocusListener(0)));

  it('refetches stale queries on focus at most once per span', async () => {
    let t = 10_000;
    focusManager.setEventListener(throttledFocusListener(FOCUS_REFETCH_SPAN_MS, () => t));
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: 0, refetchOnWindowFocus: true } },
    });
    client.mount();
    const fetcher = vi.fn(async () => 'ok');
    // Focus refetches act on queries that have an active observer.
    const observer = new QueryObserver(client, { queryKey: ['x'], queryFn: fetcher });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    const before = fetcher.mock.calls.length;

    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(before + 1));
    t += 1000;
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('visibilitychange'));
    await new Promise((r) => setTimeout(r, 20));
    expect(fetcher).toHaveBeenCalledTimes(before + 1);
    t += FOCUS_REFETCH_SPAN_MS;
    window.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(before + 2));

    unsubscribe();
    client.unmount();
  });
});
