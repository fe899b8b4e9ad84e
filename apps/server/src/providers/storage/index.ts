import path from 'node:path';
import { createLocalDiskStorage } from './local-disk.storage';
import type { StoragePort } from './storage.port';

export type { StoragePort } from './storage.port';
export { StorageNotFoundError } from './storage.port';

/** Local disk under DATA_DIR/files; the S3-compatible adapter is the next step (docs/tasks.md). */
export const createStorage = (env: { DATA_DIR: string }): StoragePort =>
  createLocalDiskStorage(path.join(env.DATA_DIR, 'files'));
