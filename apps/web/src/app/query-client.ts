import { QueryClient, focusManager } from '@tanstack/react-query';
import { FOCUS_REFETCH_SPAN_MS, QUERY_STALE_TIME_MS } from '../lib/constants';
import { isRequestError } from '../lib/request';
import { throttledFocusListener } from '../lib/throttle';

/** Spec §9: a focus refetch happens at most once per 5000 ms. */
export const installFocusThrottle = () =>
  focusManager.setEventListener(throttledFocusListener(FOCUS_REFETCH_SPAN_MS));

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: 2 * QUERY_STALE_TIME_MS,
        refetchOnWindowFocus: true,
        // Client errors will not fix themselves; retrying would also repeat the toast.
        retry: (failureCount, error) =>
          failureCount < 2 &&
          !(isRequestError(error) && ['BAD_REQUEST', 'ABORTED', 'REDIRECTED'].includes(error.code)),
      },
      mutations: { retry: false },
    },
  });
