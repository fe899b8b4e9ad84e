import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { StorageNotFoundError } from './storage.port';
import type { StoragePort } from './storage.port';
import { writeAtomically, writeFileToDisk } from './write-file';
import type { FileWriter } from './write-file';

const SAFE_KEY = /^[a-z0-9][a-z0-9/._-]*$/i;

/**
 * Files under DATA_DIR/files/<key>, written through a temp file and a rename (never half-written).
 * `writeFile` makes the bytes' writes (tests: a disk that fills up midway).
 */
export const createLocalDiskStorage = (
  root: string,
  options: { writeFile?: FileWriter } = {},
): StoragePort => {
  const writeFile = options.writeFile ?? writeFileToDisk;
  const fileOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
    return path.join(root, key);
  };
  const missing = (key: string) => (error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
    throw error;
  };
  return {
    driver: 'local',
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(file, (tmp) => writeFile(tmp, data));
    },
    read: (key) => fs.readFile(fileOf(key)).catch(missing(key)),
    async stream(key): Promise<Readable> {
      const file = fileOf(key);
      await fs.access(file).catch(missing(key));
      return createReadStream(file);
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async localPath(key) {
      const file = fileOf(key);
      await fs.access(file).catch(missing(key));
      return file;
    },
    async *list(prefix) {
      const dir = path.join(root, prefix);
      const entries = await fs
        .readdir(dir, { recursive: true, withFileTypes: true })
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        // Gone since the listing (deleted, or a temp file renamed into place): not there to list.
        const stat = await fs.stat(file).catch(() => undefined);
        if (!stat) continue;
        yield { key: path.relative(root, file).split(path.sep).join('/'), modifiedAt: stat.mtime };
      }
    },
  };
};
