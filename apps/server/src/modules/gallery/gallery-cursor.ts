import { AppError } from '../../http/app-error';

/**
 * The keyset cursor: the last item's sort key and id, opaque to clients (base64url JSON). A page
 * continues strictly after it — `(key, id) < (?, ?)` in the list's descending order — so pictures
 * published meanwhile neither repeat nor shift the next page.
 */
export type CursorKey = { key: string | number; id: string };

/**
 * The cursor also carries the list's total as the first page counted it, so the pages after it
 * answer the same `total` without counting again (an infinite scroll counts once).
 */
export type Cursor = CursorKey & { total?: number };

export const encodeCursor = (c: Cursor): string =>
  Buffer.from(
    JSON.stringify(c.total === undefined ? [c.key, c.id] : [c.key, c.id, c.total]),
  ).toString('base64url');

const isTotal = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** A cursor for the other sort order, edited or truncated, is a 400, never a 5xx. */
export const decodeCursor = (raw: string, keyType: 'string' | 'number'): Cursor => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      (parsed.length === 2 || (parsed.length === 3 && isTotal(parsed[2]))) &&
      typeof parsed[1] === 'string' &&
      parsed[1].length > 0 &&
      parsed[1].length <= 64 &&
      typeof parsed[0] === keyType &&
      (keyType === 'string' ? (parsed[0] as string).length <= 40 : Number.isFinite(parsed[0]))
    ) {
      const key = parsed[0] as string | number;
      return parsed.length === 3
        ? { key, id: parsed[1], total: parsed[2] as number }
        : { key, id: parsed[1] };
    }
  } catch {
    // fall through to the one error below
  }
  throw new AppError('GALLERY_CURSOR_INVALID');
};
