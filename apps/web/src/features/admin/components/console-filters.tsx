import { DatePicker, Input, Select } from 'antd';
import dayjs from '../../../lib/dayjs-zh';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';

/** What a console filter needs of `useUrlTable`: the filters in the URL and their setter. */
type FilterTable<F extends string> = {
  filters: Record<F, string | undefined>;
  setFilters: (patch: Partial<Record<F, string | undefined>>) => void;
};

const patchOf = <F extends string>(name: F, value: string | undefined) =>
  ({ [name]: value || undefined }) as Partial<Record<F, string | undefined>>;

/** A text filter applied on Enter or the search button; clearing it removes it from the URL. */
export const FilterSearch = <F extends string>(props: {
  table: FilterTable<F>;
  name: F;
  label: string;
  placeholder: string;
  width: number;
  prefix?: ReactNode;
}) => {
  const { table, name } = props;
  return (
    <Input.Search
      // Re-mounted when the URL changes (back button), so the box shows the filter in force.
      key={`${name}=${table.filters[name] ?? ''}`}
      allowClear
      aria-label={props.label}
      placeholder={props.placeholder}
      defaultValue={table.filters[name]}
      prefix={props.prefix}
      style={{ width: props.width }}
      onSearch={(v) => table.setFilters(patchOf(name, v.trim()))}
    />
  );
};

/** A choice filter whose first option (value '') means "no filter". */
export const FilterSelect = <F extends string>(props: {
  table: FilterTable<F>;
  name: F;
  label: string;
  width: number;
  /** The label of the no-filter option, e.g. 全部状态. */
  all: string;
  options: { value: string; label: string }[];
}) => {
  const { table, name } = props;
  return (
    <Select
      aria-label={props.label}
      value={table.filters[name] ?? ''}
      style={{ width: props.width }}
      onChange={(v: string) => table.setFilters(patchOf(name, v))}
      options={[{ value: '', label: props.all }, ...props.options]}
    />
  );
};

/** A day range kept as the `from` and `to` filters, written by `format` (day or instant). */
export const FilterDayRange = <F extends string>(props: {
  table: FilterTable<F | 'from' | 'to'>;
  label: string;
  format: (day: Dayjs, edge: 'start' | 'end') => string;
}) => {
  const { table, format } = props;
  const { from, to } = table.filters;
  return (
    <DatePicker.RangePicker
      aria-label={props.label}
      value={from && to ? [dayjs(from), dayjs(to)] : null}
      onChange={(range) =>
        table.setFilters({
          from: range?.[0] ? format(range[0], 'start') : undefined,
          to: range?.[1] ? format(range[1], 'end') : undefined,
        } as Partial<Record<F | 'from' | 'to', string | undefined>>)
      }
    />
  );
};

/** China business days as the server takes them (YYYY-MM-DD). */
export const asDay = (day: Dayjs) => day.format('YYYY-MM-DD');
/** The whole local day as instants (the audit log filters by time). */
export const asInstant = (day: Dayjs, edge: 'start' | 'end') =>
  (edge === 'start' ? day.startOf('day') : day.endOf('day')).toISOString();
