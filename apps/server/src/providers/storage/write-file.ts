import fs from 'node:fs/promises';

/** The file writes storage makes; tests pass one that fails the way a full disk does. */
export type FileWriter = (file: string, data: Buffer) => Promise<void>;

export const writeFileToDisk: FileWriter = (file, data) => fs.writeFile(file, data);

/**
 * Writes through `<file>.<pid>.tmp` and a rename, so readers never see half a file. A failed
 * write (a full disk stops it midway) removes its temp file: leftovers would take the space
 * that is already short.
 */
export const writeAtomically = async (
  file: string,
  write: (tmp: string) => Promise<void>,
): Promise<void> => {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    await write(tmp);
    await fs.rename(tmp, file);
  } catch (error) {
    await fs.rm(tmp, { force: true }).catch(() => {});
    throw error;
  }
};

/** Error codes of a full disk or quota: the file system's, SQLite's and PostgreSQL's (53100). */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);
/** An S3-compatible store out of space (MinIO answers 507 XMinioStorageFull). */
const S3_FULL = new Set(['XMinioStorageFull', 'StorageFull', 'QuotaExceeded']);

/** True when the error, or one it wraps, says the storage it wrote to is full. */
export const isStorageFull = (error: unknown): boolean => {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, name, status } = e as { code?: unknown; name?: unknown; status?: unknown };
    if (typeof code === 'string' && FULL_CODES.has(code)) return true;
    if (name === 'S3Error' && (status === 507 || (typeof code === 'string' && S3_FULL.has(code)))) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};
