// `npm start`: install what is missing, build what is stale, then serve API + web + worker
// (the server migrates and seeds its database on boot). Extra arguments pass to the server,
// e.g. `npm start -- --role api`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, ensureInstalled, root } from './lib/build.mjs';
import { checkNode } from './lib/node-version.mjs';

// A Node too old for the toolchain fails here in one sentence, not deep inside a build.
checkNode({ log: () => {} });
ensureInstalled();
buildIfStale('web');
buildIfStale('server');

const child = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
// Forward signals so the server can finish in-flight requests before exiting.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
