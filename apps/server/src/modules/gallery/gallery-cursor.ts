import { AppError } from '../../http/app-error';

/**
 * The keyset cursor: the last item's sort key and id, opaque to clients (base64url JSON). A page
 * continues strictly after it — `(key, id) < (?, ?)` in the list's descending order — so pictures
 * published meanwhile neither repeat nor shift the next page.
 */
export type CursorKey = { key: string | number; id: string };

export const encodeCursor = (c: CursorKey): string =>
  Buffer.from(JSON.stringify([c.key, c.id])).toString('base64url');

/** A cursor for the other sort order, edited or truncated, is a 400, never a 5xx. */
export const decodeCursor = (raw: string, keyType: 'string' | 'number'): CursorKey => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[1] === 'string' &&
      parsed[1].length > 0 &&
      parsed[1].length <= 64 &&
      typeof parsed[0] === keyType &&
      (keyType === 'string' ? (parsed[0] as string).length <= 40 : Number.isFinite(parsed[0]))
    ) {
      return { key: parsed[0] as string | number, id: parsed[1] };
    }
  } catch {
    // fall through to the one error below
  }
  throw new AppError('GALLERY_CURSOR_INVALID');
};
