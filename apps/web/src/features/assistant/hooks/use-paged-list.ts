import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { pagedList } from '../api/assistant.api';

/**
 * A paged list query as one list with its total and a "load more" action. When the pages overlap
 * (a new item pushed one onto the next page), loading more reloads them instead.
 */
export const usePagedList = <T>(
  query: UseInfiniteQueryResult<InfiniteData<{ list: T[]; total: number; page: number }>>,
  key: (item: T) => string,
) => {
  const { list, total } = pagedList(query.data?.pages, key);
  return {
    list,
    total,
    loadingMore: query.isFetchingNextPage || (query.isRefetching && list.length < total),
    loadMore: () => void (query.hasNextPage ? query.fetchNextPage() : query.refetch()),
  };
};
