import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { childEnv } from './child-process';
import { createPostgresDatabase, describeEachDatabase, makeTempDir, smsLogin } from './helper';
import { buildTaskApp } from './task-fixtures';

const root = path.resolve(import.meta.dirname, '../../..');
const script = (args: string[], env: Record<string, string | undefined>) =>
  spawnSync(process.execPath, ['scripts/db-backup.mjs', ...args], {
    cwd: root,
    env: childEnv(env),
    encoding: 'utf8',
  });

/** docs/operations.md's backup and restore, done as an operator would, then checked by booting. */
describeEachDatabase('backup and restore (scripts/db-backup.mjs)', (target) => {
  it('a backup taken while serving restores into a fresh place with every row', async () => {
    const t = await buildTaskApp({ target, role: 'api' });
    const out = await makeTempDir('huijing-backup-');
    const file = path.join(out, 'backup.dump');
    let restoredDb: { url: string; drop: () => Promise<void> } | undefined;
    try {
      const { user } = await smsLogin(t);
      const env = { DATA_DIR: t.dataDir, DATABASE_URL: target.databaseUrl };
      const backup = script(['backup', file], env);
      expect(backup.status, backup.stderr).toBe(0);
      // Written after the backup: must not be in the restore.
      const { user: later } = await smsLogin(t);

      const freshDir = await makeTempDir();
      if (target.dialect === 'postgres') {
        restoredDb = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      }
      const restoreEnv = { DATA_DIR: freshDir, DATABASE_URL: restoredDb?.url };
      const restore = script(['restore', file], restoreEnv);
      expect(restore.status, restore.stderr).toBe(0);
      if (target.dialect === 'sqlite') {
        // Never over a live database by accident.
        const again = script(['restore', file], restoreEnv);
        expect(again.status).toBe(1);
        expect(again.stderr).toMatch(/--force/);
      }

      const restored = await buildTaskApp({
        target: { dialect: target.dialect, databaseUrl: restoredDb?.url },
        dataDir: freshDir,
        role: 'api',
      });
      try {
        const ids = (
          await restored.container.database.db.selectFrom('users').select('id').execute()
        ).map((r) => r.id);
        expect(ids).toContain(user.id);
        expect(ids).not.toContain(later.id);
        expect(await restored.container.tickets.balance(user.id, 1)).toBe(
          await t.container.tickets.balance(user.id, 1),
        );
      } finally {
        await restored.close();
        await fs.rm(freshDir, { recursive: true, force: true });
      }
    } finally {
      await t.close();
      await restoredDb?.drop();
      await fs.rm(out, { recursive: true, force: true });
    }
  }, 60_000);
});
