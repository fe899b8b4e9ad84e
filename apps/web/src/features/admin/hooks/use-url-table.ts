import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';

/**
 * A table's page, size, sort and filters kept in the URL, so they survive a reload and the back
 * button restores the previous view. Changing a filter returns to page 1. `open`/`setOpen` keep
 * the row whose detail drawer is open (e.g. ?order=HJ…) without touching the page.
 */
export const useUrlTable = <F extends string>(
  filterNames: readonly F[],
  defaultPageSize = 10,
  detailParam = 'detail',
) => {
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

  const setPage = (page: number, size: number) =>
    update(
      {
        current: page === 1 ? undefined : page,
        pageSize: size === defaultPageSize ? undefined : size,
      },
      false,
    );

  return {
    open: params.get(detailParam),
    setOpen: (id: string | null) => update({ [detailParam]: id }, false),
    current,
    pageSize,
    sortField,
    sortOrder,
    filters,
    query: { current, pageSize, sortField, sortOrder, ...filters },
    setFilters: (patch: Partial<Record<F, string | undefined>>) => update(patch),
    setPage,
    /** The Table's pager for `total` rows, with the count said in the screen's own unit. */
    pagination: (total: number, showTotal: (n: number) => string): TablePaginationConfig => ({
      current,
      pageSize,
      total,
      showSizeChanger: true,
      showTotal,
    }),
    /** A column's sortOrder prop; `byDefault` marks the column the server sorts by unasked. */
    sortOrderOf: (field: string, byDefault?: 'ascend' | 'descend') =>
      (sortField ?? (byDefault ? field : undefined)) === field
        ? (sortOrder ?? byDefault ?? null)
        : null,
    /** antd Table's onChange: a sort click sorts (page 1), a pager click pages. */
    onTableChange: <T>(
      pagination: TablePaginationConfig,
      _filters: unknown,
      sorter: SorterResult<T> | SorterResult<T>[],
      extra: TableCurrentDataSource<T>,
    ) => {
      if (extra.action === 'sort') {
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        update({
          sortField: s?.order && typeof s.columnKey === 'string' ? s.columnKey : undefined,
          sortOrder: s?.order ?? undefined,
        });
      } else {
        setPage(pagination.current ?? 1, pagination.pageSize ?? defaultPageSize);
      }
    },
  };
};
