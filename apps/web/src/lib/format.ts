import { PAGE_SIZE } from './constants';

export { PAGE_SIZE };

/** Groups digits by three: 1234567 → "1,234,567"; decimals and sign are kept. */
export const groupDigits = (value: number | string): string => {
  const text = String(value);
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text.trim());
  if (!match) return text;
  const [, sign = '', whole = '', fraction = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Local date and time as YYYY-mm-dd HH:MM (spec §9), e.g. 2026-11-22 08:05. Invalid → "". */
export const formatDateTime = (input: Date | string | number): string => {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
};
