import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A table's page, size, sort and filters kept in the URL, so they survive a reload and the back
 * button restores the previous view. Changing a filter returns to page 1.
 */
export const useUrlTable = <F extends string>(filterNames: readonly F[], defaultPageSize = 10) => {
  const [params, setParams] = useSearchParams();
  const current = Math.max(1, Number(params.get('current')) || 1);
  const pageSize = Math.min(100, Math.max(1, Number(params.get('pageSize')) || defaultPageSize));
  const sortField = params.get('sortField') ?? undefined;
  const sortOrder = (params.get('sortOrder') ?? undefined) as 'ascend' | 'descend' | undefined;
  const filterKey = filterNames.map((n) => `${n}=${params.get(n) ?? ''}`).join('&');
  const filters = useMemo(
    () =>
      Object.fromEntries(filterNames.map((n) => [n, params.get(n) ?? undefined])) as Record<
        F,
        string | undefined
      >,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filterKey],
  );

  const update = useCallback(
    (patch: Record<string, string | number | undefined | null>, resetPage = true) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === undefined || v === null || v === '') next.delete(k);
            else next.set(k, String(v));
          }
          if (resetPage && !('current' in patch)) next.delete('current');
          return next;
        },
        { replace: false },
      ),
    [setParams],
  );

  return {
    current,
    pageSize,
    sortField,
    sortOrder,
    filters,
    query: { current, pageSize, sortField, sortOrder, ...filters },
    setFilters: (patch: Partial<Record<F, string | undefined>>) => update(patch),
    setPage: (page: number, size: number) =>
      update(
        {
          current: page === 1 ? undefined : page,
          pageSize: size === defaultPageSize ? undefined : size,
        },
        false,
      ),
    setSort: (field: string | undefined, order: 'ascend' | 'descend' | undefined | null) =>
      update({ sortField: order ? field : undefined, sortOrder: order ?? undefined }),
  };
};
