// `npm test`: every test. Unit and integration tests (vitest, all workspaces; the server's again
// on Node 24 with TEST_NODE24=1), then browser flows (node:test + playwright-core driving
// Debian's Chromium) against the built app.
// Ends with one plain line "tests: N passed, N failed, N skipped" that CI reads.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, ensureInstalled, root } from './lib/build.mjs';

ensureInstalled();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'huijing-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** What failed, named, printed just above the totals so a log's last lines say which test it was. */
const failures = [];
let ok = true;

/** Runs vitest (`command`, then `args`) with a JSON report and adds its counts to the totals. */
const runVitest = (name, command, args, env = process.env) => {
  const out = path.join(tmp, `${name}.json`);
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  const r = spawnSync(command, [...args, ...reporters], { cwd: root, stdio: 'inherit', env });
  if (fs.existsSync(out)) {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += j.numPassedTests;
    totals.failed += j.numFailedTests;
    totals.skipped += j.numPendingTests + j.numTodoTests;
    for (const file of j.testResults ?? []) {
      const where = path.relative(root, file.name);
      const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failed) failures.push(`${name}: ${where} › ${t.fullName}`);
      // a file that failed outside its tests (an import, a hook) has no failed test to name
      if (file.status === 'failed' && failed.length === 0) {
        failures.push(`${name}: ${where} › ${String(file.message ?? '').split('\n')[0]}`);
      }
    }
    if (r.status !== 0 && j.numFailedTests === 0) {
      failures.push(
        `${name}: exit ${r.status} with no failed test (an unhandled error? see above)`,
      );
    }
  } else {
    totals.failed += 1;
    failures.push(`${name}: no report (exit ${r.status})`);
  }
  if (r.status !== 0) ok = false;
};

// 1. vitest (unit + integration; PostgreSQL/Redis too when TEST_DATABASE_URL/TEST_REDIS_URL are set)
runVitest('vitest', 'npx', ['vitest', 'run']);
// 1b. the server's vitest suite again on Node 24 LTS when asked (.ci/run sets TEST_NODE24=1): the
// machine's Node is another supported one, so scripts/node24.mjs brings Node 24 from the npm
// registry and builds better-sqlite3 for it (cached after the first run). On SQLite (and Redis)
// only: the PostgreSQL repeats and the cluster test exercise the pg driver, plain JavaScript that
// Node 24 changes nothing for, and would add about as long again as the whole server suite.
if (process.env.TEST_NODE24 === '1') {
  console.info('\n› the server suite on Node 24 (SQLite)');
  const { TEST_DATABASE_URL: _pg, ...env } = process.env;
  const args = ['scripts/node24.mjs', 'vitest', '--exclude', '**/cluster.test.ts'];
  runVitest('vitest-node24', process.execPath, args, env);
}
if (!process.env.TEST_REDIS_URL) {
  console.info('ℹ TEST_REDIS_URL 未设置：BullMQ 队列测试已跳过（.ci/run 会设置它）。');
}
if (!process.env.TEST_DATABASE_URL) {
  console.info(
    '\nℹ TEST_DATABASE_URL 未设置：数据库集成测试只在 SQLite 上运行（.ci/run 会同时跑 PostgreSQL）。',
  );
}

// 2. browser flows
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.warn(
    `\n⚠ 浏览器测试已跳过 (browser tests skipped): Chromium not found at ${chromium}. ` +
      'Install it with `apt-get install chromium` (or set CHROMIUM_PATH); .ci/run installs it.',
  );
} else {
  try {
    buildIfStale('web');
    buildIfStale('server');
    const tap = path.join(tmp, 'e2e.tap');
    const files = fs
      .readdirSync(path.join(root, 'e2e/flows'))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => path.join('e2e/flows', f));
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--test',
        '--test-concurrency=1',
        '--test-reporter=spec',
        '--test-reporter-destination=stdout',
        '--test-reporter=tap',
        `--test-reporter-destination=${tap}`,
        ...files,
      ],
      { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } },
    );
    const text = fs.existsSync(tap) ? fs.readFileSync(tap, 'utf8') : '';
    const count = (k) => Number(text.match(new RegExp(`^# ${k} (\\d+)$`, 'm'))?.[1] ?? 0);
    totals.passed += count('pass');
    totals.failed += count('fail') + count('cancelled');
    totals.skipped += count('skipped') + count('todo');
    for (const m of text.matchAll(/^\s*not ok \d+ - (.*)$/gm)) failures.push(`e2e: ${m[1]}`);
    if (r.status !== 0) ok = false;
  } catch (e) {
    console.error(e);
    totals.failed += 1;
    failures.push(`e2e: ${e instanceof Error ? e.message : String(e)}`);
    ok = false;
  }
}

fs.rmSync(tmp, { recursive: true, force: true });
if (failures.length > 0) console.info(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.info(
  `\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`,
);
process.exit(ok && totals.failed === 0 ? 0 : 1);
