import { Table, type TableProps } from 'antd';
import type { useUrlTable } from '../hooks/use-url-table';

/**
 * A console list: one page of a `{list, total}` query in an antd Table whose pager and sort live
 * in the URL (`useUrlTable`). Every console screen lays its table out the same way; what differs
 * is passed: the columns, the empty sentence and the unit of the count (共 N 笔订单).
 */
export const ConsoleTable = <T extends object>({
  table,
  query,
  empty,
  total,
  ...rest
}: {
  table: Pick<ReturnType<typeof useUrlTable>, 'pagination' | 'onTableChange'>;
  query: { data?: { list: T[]; total: number }; isFetching: boolean };
  /** What the table says when nothing matches. */
  empty: string;
  /** The count in the screen's own unit. */
  total: (n: number) => string;
} & Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'onChange' | 'locale'>) => (
  <Table<T>
    size="middle"
    scroll={{ x: 'max-content' }}
    {...rest}
    dataSource={query.data?.list ?? []}
    loading={query.isFetching}
    locale={{ emptyText: empty }}
    onChange={table.onTableChange}
    pagination={table.pagination(query.data?.total ?? 0, total)}
  />
);
