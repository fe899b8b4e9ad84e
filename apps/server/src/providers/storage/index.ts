import path from 'node:path';
import type { StorageConfig } from '../../config/env';
import { createLocalDiskStorage } from './local-disk.storage';
import { createS3Storage } from './s3.storage';
import type { StoragePort } from './storage.port';

export type { StoragePort, StoredObject } from './storage.port';
export { StorageNotFoundError } from './storage.port';
export { createLocalDiskStorage } from './local-disk.storage';
export { isStorageFull, writeAtomically } from './write-file';
export type { FileWriter } from './write-file';
export type { S3Storage } from './s3.storage';

/**
 * Local disk under DATA_DIR/files, or an S3-compatible bucket (STORAGE_DRIVER=s3, or S3_BUCKET
 * set). Either way the bytes are served through /api/files with the owner checks.
 */
export const createStorage = (env: { DATA_DIR: string; storage?: StorageConfig }): StoragePort =>
  env.storage?.driver === 's3'
    ? createS3Storage(env.storage)
    : createLocalDiskStorage(path.join(env.DATA_DIR, 'files'));
