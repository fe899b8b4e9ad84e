import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from '../src/modules/uploads/orphan-files';
import { buildTestApp, describeEachDatabase, fakeClock, smsLogin } from './helper';
import type { DatabaseTarget, TestApp } from './helper';
import { buildTaskApp, upload, waitUntil } from './task-fixtures';

const HOUR = 3_600_000;

/** Every stored key under DATA_DIR/files. */
const storedKeys = async (t: TestApp): Promise<string[]> => {
  const root = path.join(t.dataDir, 'files');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
};

const fileKeys = async (t: TestApp) =>
  (await t.container.database.db.selectFrom('files').select('storage_key').execute())
    .map((r) => r.storage_key)
    .sort();

/** The database refuses a task's move to succeeded: the worker's commit fails. */
const refuseSuccess = async (t: TestApp, target: DatabaseTarget) => {
  const db = t.container.database.db;
  if (target.dialect === 'sqlite') {
    await sql`create trigger refuse_success before update of status on tasks
      when new.status = 'succeeded' begin select raise(abort, 'commit refused'); end`.execute(db);
    return;
  }
  await sql`create function refuse_success() returns trigger language plpgsql as
    $$ begin raise exception 'commit refused'; end $$`.execute(db);
  await sql`create trigger refuse_success before update on tasks for each row
    when (new.status = 'succeeded') execute function refuse_success()`.execute(db);
};

describeEachDatabase('orphaned files', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("a task whose commit fails leaves none of its outputs' files behind", async () => {
    t = await buildTaskApp({ target, startWorker: true });
    const app = t;
    const user = await smsLogin(app);
    const input = await upload(app, user.token);
    const stored = await storedKeys(app);
    await refuseSuccess(app, target);

    const res = await app.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      payload: { toolId: 'to-line', upload_img: input.fileId },
      headers: { satoken: user.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const taskId = (res.json().data as { taskId: string }).taskId;
    const row = () =>
      app.container.database.db
        .selectFrom('tasks')
        .select(['status', 'error', 'tickets_state'])
        .where('id', '=', taskId)
        .executeTakeFirstOrThrow();
    await waitUntil(async () => (await row()).status === 'failed');
    expect(await row()).toMatchObject({
      error: expect.stringContaining('生成失败'),
      tickets_state: 'released',
    });

    // The engine's output was written and then its commit refused: only the input remains.
    expect(await storedKeys(app)).toEqual(stored);
    expect(await fileKeys(app)).toEqual(stored);
  });

  it('sweeps an unreferenced file past the grace period; keeps young, referenced and foreign ones', async () => {
    const clock = fakeClock('2026-06-10T12:00:00.000Z');
    t = await buildTestApp({ target, role: 'api', now: clock.now });
    const app = t;
    const storage = app.container.storage;
    const ago = (ms: number) => new Date(clock.now().getTime() - ms);
    const age = async (key: string, ms: number) => {
      const file = path.join(app.dataDir, 'files', key);
      await fs.utimes(file, ago(ms), ago(ms));
    };
    const put = async (key: string, ms: number) => {
      await storage.put(key, Buffer.from('bytes'), 'image/png');
      await age(key, ms);
    };
    const oldOrphan = `2026/06/${randomUUID()}.png`;
    const youngOrphan = `2026/06/${randomUUID()}.png`;
    const leftover = `2026/05/${randomUUID()}.jpg.4242.tmp`;
    const foreign = ['samples/room-1.webp', `loras/${randomUUID()}.safetensors`];
    const justInside = `2026/06/${randomUUID()}.png`;
    await put(oldOrphan, 2 * ORPHAN_GRACE_MS);
    await put(youngOrphan, HOUR);
    await put(justInside, ORPHAN_GRACE_MS - 1000);
    await put(leftover, 3 * ORPHAN_GRACE_MS);
    for (const key of foreign) await put(key, 30 * ORPHAN_GRACE_MS);
    const sweep = () =>
      sweepOrphanFiles({ db: app.container.database.db, storage, now: clock.now });

    // No files rows at all: this storage is not this database's, nothing is touched. (On
    // PostgreSQL the suite shares one database: the earlier test's rows go first.)
    await app.container.database.db.deleteFrom('files').execute();
    expect(await sweep()).toEqual({ checked: 0, removed: 0 });
    expect(await storedKeys(app)).toContain(oldOrphan);

    const user = await smsLogin(app);
    await upload(app, user.token);
    const [referenced] = await fileKeys(app);
    await age(referenced!, 10 * ORPHAN_GRACE_MS);

    expect(await sweep()).toEqual({ checked: 3, removed: 2 });
    expect(await storedKeys(app)).toEqual(
      [youngOrphan, justInside, referenced!, ...foreign].sort(),
    );
    expect((await storage.read(referenced!)).length).toBeGreaterThan(0);
    // A second pass finds nothing more to do.
    expect(await sweep()).toEqual({ checked: 1, removed: 0 });
  });
});
