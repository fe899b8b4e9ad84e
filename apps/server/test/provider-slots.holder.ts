import pino from 'pino';
import { createRedisSlots } from '../src/engines/provider-slots';

// A worker that takes a provider slot and never gives it back: the test kills it with SIGKILL.
const [url, prefix, leaseMs] = process.argv.slice(2);
const slots = createRedisSlots({
  url: url!,
  prefix: prefix!,
  limits: { dashscope: 1 },
  logger: pino({ level: 'silent' }),
  leaseMs: Number(leaseMs),
});
void slots.of('dashscope')!.run(new AbortController().signal, async () => {
  process.stdout.write('held\n');
  await new Promise(() => {});
});
