// A worker process of the cluster test (spawned by cluster.test.ts, never imported): the real
// container and task worker (role worker) on the shared PostgreSQL and Redis, with an engine
// double that takes a moment per task (so a kill -9 finds tasks running) and appends each start
// to STARTS_FILE. Prints its worker id once ready.
import fs from 'node:fs';
import { loadEnv } from '../src/config/env';
import { createContainer } from '../src/container';
import { installProcessPolicy } from '../src/process-policy';
import { fakeEngine } from './task-fixtures';

const startsFile = process.env.STARTS_FILE!;
const engine = fakeEngine(['to-line']);
const run = engine.run;
engine.run = async (job) => {
  fs.appendFileSync(startsFile, `${job.taskId}\n`);
  await new Promise((r) => setTimeout(r, 150));
  return run(job);
};

const container = createContainer(loadEnv(), { role: 'worker', engines: [engine] });
installProcessPolicy(container.logger);
await container.prepareDatabase();
await container.startWorker();
console.info(`cluster worker ready ${container.worker.workerId}`);
setInterval(() => {}, 1 << 30);
process.on('SIGTERM', () => {
  void container.close().then(() => process.exit(0));
});
