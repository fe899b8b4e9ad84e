// Shared by `npm start` and `npm test`: install what is missing and rebuild only what is stale.
// Plain Node (no dependencies), because it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
  }
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** npm install when node_modules is missing or older than the lockfile. */
export function ensureInstalled(log = console.info) {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale =
    !fs.existsSync(marker) || fs.statSync(marker).mtimeMs < fs.statSync(lock).mtimeMs - 1000;
  if (!stale) return false;
  log('› 安装依赖 (npm install)…');
  // onnxruntime-node must not fetch binaries at install time (see DEVELOPERS.md).
  run(npm, ['install', '--no-audit', '--no-fund'], {
    env: { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip' },
  });
  return true;
}

const skipDirs = new Set(['node_modules', 'dist', '.turbo', 'coverage']);

function hashInputs(inputs) {
  const h = createHash('sha256');
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p).sort())
        if (!skipDirs.has(name)) walk(path.join(p, name));
    } else {
      h.update(path.relative(root, p));
      h.update(fs.readFileSync(p));
    }
  };
  for (const i of inputs) walk(path.join(root, i));
  return h.digest('hex');
}

const shared = ['packages/contracts/src', 'packages/tools/src', 'package-lock.json'];
export const targets = {
  web: {
    workspace: '@huijing/web',
    stamp: 'apps/web/dist/.build-hash',
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/public',
      ...shared,
    ],
  },
  server: {
    workspace: '@huijing/server',
    stamp: 'apps/server/dist/.build-hash',
    inputs: ['apps/server/src', 'apps/server/build.mjs', ...shared],
  },
};

/** Builds a target when its inputs changed since the last build; returns whether it built. */
export function buildIfStale(name, log = console.info) {
  const t = targets[name];
  const hash = hashInputs(t.inputs);
  const stampPath = path.join(root, t.stamp);
  if (fs.existsSync(stampPath) && fs.readFileSync(stampPath, 'utf8') === hash) return false;
  log(`› 构建 ${name}…`);
  run(npm, ['run', 'build', '-w', t.workspace]);
  fs.mkdirSync(path.dirname(stampPath), { recursive: true });
  fs.writeFileSync(stampPath, hash);
  return true;
}
