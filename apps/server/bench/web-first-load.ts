// npm run bench:web — the web's first load alone, without the server's load tests:
// boots the real app on a temp SQLite database serving the real web build (npm run build first),
// then prints each main route's initial JavaScript from the build manifest and, where Chromium is
// installed, the median of five cold loads (BENCH_WEB_LOADS) at 4× CPU on a 9 Mbit/s, 60 ms link (JS on the wire,
// LCP, total blocking time). The same rows end `npm run bench`.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { createContainer } from '../src/container';
import { webFromBuild, webFromChromium } from './perf-sections';

const main = async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'huijing-bench-web-'));
  const env = loadEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.resolve(import.meta.dirname, '../../web/dist'),
    TEST_LOGIN: 'off',
  });
  const container = createContainer(env, { role: 'api', engines: [] });
  await container.prepareDatabase();
  const app = await buildApp(container);
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const rows = [...webFromBuild(), ...(await webFromChromium(base))];
    const widths = [62, 40, 30, 12];
    const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i]!)).join(' | ');
    console.info(line(['first load', 'result', 'target', 'verdict']));
    console.info(widths.map((n) => '-'.repeat(n)).join('-|-'));
    for (const r of rows) console.info(line(r));
  } finally {
    await app.close();
    await container.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
};

await main();
