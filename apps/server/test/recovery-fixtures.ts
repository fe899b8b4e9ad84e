// The worker process of the kill -9 test (spawned by recovery.test.ts, never imported): the real
// container and task worker, with an engine double that takes a little time per task, appends
// each start to STARTS_FILE, and never finishes the tasks listed in HANG_TASK_IDS, so the test
// can kill the process while a known task is certainly running.
import fs from 'node:fs';
import { loadEnv } from '../src/config/env';
import { createContainer } from '../src/container';
import { fakeEngine, untilAborted } from './task-fixtures';

const startsFile = process.env.STARTS_FILE!;
const hang = new Set((process.env.HANG_TASK_IDS ?? '').split(',').filter(Boolean));
const engine = fakeEngine(['to-line']);
const run = engine.run;
engine.run = async (job) => {
  fs.appendFileSync(startsFile, `${job.taskId}\n`);
  if (hang.has(job.taskId)) return untilAborted(job);
  await new Promise((r) => setTimeout(r, 40));
  return run(job);
};

const container = createContainer(loadEnv(), { role: 'worker', engines: [engine] });
await container.prepareDatabase();
await container.startWorker();
console.info('recovery worker ready');
setInterval(() => {}, 1 << 30);
process.on('SIGTERM', () => {
  void container.close().then(() => process.exit(0));
});
