// Spawned by process-policy.test.ts (never imported): the main process's crash policy, then a
// library that installs its own rethrowing handler (as OpenCV.js's Emscripten glue does), then a
// crash whose message is a megabyte of "minified source".
import pino from 'pino';
import { installProcessPolicy } from '../src/process-policy';

installProcessPolicy(pino({ level: 'info' }));
process.on('uncaughtException', (ex) => {
  throw ex;
});
const huge = `var Module=function(){${'a=1;'.repeat(250_000)}}`;
const mode = process.argv[2];
if (mode === 'rejection') void Promise.reject(new Error(huge));
else
  setTimeout(() => {
    throw new TypeError(huge);
  }, 10);
