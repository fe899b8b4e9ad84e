import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { S3Error } from './s3.storage';
import { isStorageFull, writeAtomically } from './write-file';

const errno = (code: string) => Object.assign(new Error(code), { code });

describe('isStorageFull', () => {
  it('knows a full disk, an exhausted quota, a full database and a full bucket, also wrapped', () => {
    for (const e of [
      errno('ENOSPC'),
      errno('EDQUOT'),
      errno('SQLITE_FULL'),
      errno('53100'),
      new S3Error('XMinioStorageFull', 507, 'full'),
      new Error('store failed', { cause: errno('ENOSPC') }),
    ]) {
      expect(isStorageFull(e), String(e)).toBe(true);
    }
  });

  it('leaves every other failure alone', () => {
    for (const e of [
      errno('ENOENT'),
      errno('EACCES'),
      new S3Error('AccessDenied', 403, 'no'),
      'x',
    ]) {
      expect(isStorageFull(e), String(e)).toBe(false);
    }
  });
});

describe('writeAtomically', () => {
  it('removes its temp file when the write fails, and keeps the previous file', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'huijing-write-'));
    try {
      const file = path.join(dir, 'a.bin');
      await fs.writeFile(file, 'old');
      const failing = writeAtomically(file, async (tmp) => {
        await fs.writeFile(tmp, 'half');
        throw errno('ENOSPC');
      });
      await expect(failing).rejects.toMatchObject({ code: 'ENOSPC' });
      expect(await fs.readdir(dir)).toEqual(['a.bin']);
      expect(await fs.readFile(file, 'utf8')).toBe('old');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
