import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../src/providers/storage';
import type { FileWriter } from '../src/providers/storage';
import { buildTestApp, describeEachDatabase, expectError, makeTempDir, smsLogin } from './helper';
import type { TestApp } from './helper';
import { jpeg, multipartBody, upload } from './task-fixtures';

/**
 * A disk with `free` bytes left: a write that does not fit stores what fits, then fails with
 * the file system's error, as write(2) does on a full disk (ENOSPC) or an exhausted quota (EDQUOT).
 */
const fillingDisk = () => {
  const disk = { free: Infinity, code: 'ENOSPC' };
  const writeFile: FileWriter = async (file, data) => {
    const fits = Math.min(data.length, disk.free);
    await fs.writeFile(file, data.subarray(0, fits));
    disk.free -= fits;
    if (fits < data.length) {
      const error = new Error(`${disk.code}: no space left on device, write`);
      throw Object.assign(error, { code: disk.code, errno: -28, syscall: 'write' });
    }
  };
  return { disk, writeFile };
};

const filesUnder = async (dir: string): Promise<string[]> =>
  (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));

describeEachDatabase('a full disk', (target) => {
  let t: TestApp;
  let token: string;
  const { disk, writeFile } = fillingDisk();
  beforeAll(async () => {
    const dataDir = await makeTempDir();
    const storage = createLocalDiskStorage(path.join(dataDir, 'files'), { writeFile });
    t = await buildTestApp({ target, role: 'api', dataDir, storage });
    ({ token } = await smsLogin(t));
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(t.dataDir, { recursive: true, force: true });
  });

  const post = async (file: Buffer) => {
    const body = multipartBody(file);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, satoken: token },
    });
  };
  const rows = async () =>
    (await t.container.database.db.selectFrom('files').select('storage_key').execute()).length;

  it.each(['ENOSPC', 'EDQUOT'])(
    'an upload that runs out of space (%s) answers 507 存储空间不足 and leaves no temp file',
    async (code) => {
      disk.free = Infinity;
      const earlier = await upload(t, token);
      const before = await filesUnder(path.join(t.dataDir, 'files'));
      const rowsBefore = await rows();

      disk.free = 100;
      disk.code = code;
      const res = await post(await jpeg(400, 300));
      expect(expectError(res, 'STORAGE_FULL').message).toContain('存储空间不足');
      expect(res.statusCode).toBe(507);
      // The half-written temp file is gone, no row points at nothing, the earlier file still reads.
      const after = await filesUnder(path.join(t.dataDir, 'files'));
      expect(after.filter((f) => f.endsWith('.tmp'))).toEqual([]);
      expect(after.sort()).toEqual(before.sort());
      expect(await rows()).toBe(rowsBefore);
      expect((await t.app.inject({ url: earlier.url })).statusCode).toBe(200);

      // Space freed: the next upload goes through.
      disk.free = Infinity;
      expect((await post(await jpeg())).statusCode).toBe(200);
    },
  );
});
