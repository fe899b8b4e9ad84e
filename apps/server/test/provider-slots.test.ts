import { spawn } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createDashScopeEngine } from '../src/engines/dashscope/dashscope.engine';
import { createLocalSlots, createRedisSlots } from '../src/engines/provider-slots';
import type { ProviderSlots } from '../src/engines/provider-slots';
import { startDashScopeDouble } from './doubles/dashscope-double';
import { hostedSuite } from './engines-remote/hosted-fixtures';
import { jobFor, pngFile } from './engines-remote/remote-fixtures';

const redisUrl = process.env.TEST_REDIS_URL ?? '';
const silent = pino({ level: 'silent' });
// Its own keys: other suites on the same Redis never share these slots.
const prefix = `test-slots-${process.pid}-${Date.now()}`;

const t = hostedSuite(startDashScopeDouble, 'slots-');

/** `jobs` image edits spread over the workers, each through its worker's slots. */
const runAcross = async (workers: ProviderSlots[], jobs: number) => {
  const engine = createDashScopeEngine(t.connection());
  const upload = await pngFile(t.dir, 'room.png', 640, 512);
  await Promise.all(
    Array.from({ length: jobs }, (_, i) =>
      workers[i % workers.length]!.of('dashscope')!.run(AbortSignal.timeout(30_000), () =>
        engine.run(
          jobFor({
            capability: 'image-edit',
            workDir: t.dir,
            params: { promptTxt: `第${i}张` },
            inputs: { upload_img: upload },
          }),
        ),
      ),
    ),
  );
  expect(t.api.tasks.size).toBe(jobs);
};

describe('provider slots in one process', () => {
  it('20 jobs with a limit of 2: the provider never sees more than 2 tasks at once', async () => {
    const slots = createLocalSlots({ dashscope: 2 });
    await runAcross([slots], 20);
    expect(t.api.load.max).toBe(2);
    expect(await slots.of('dashscope')!.inUse()).toBe(0);
  });

  it('an engine without a limit has no slots', () => {
    expect(createLocalSlots({ dashscope: 2, ark: undefined }).of('ark')).toBeUndefined();
  });
});

describe.skipIf(!redisUrl)('provider slots across workers (needs TEST_REDIS_URL)', () => {
  const made: ProviderSlots[] = [];
  const worker = (limit: number, leaseMs?: number, pollMs = 50) => {
    const slots = createRedisSlots({
      url: redisUrl,
      prefix,
      limits: { dashscope: limit },
      logger: silent,
      leaseMs,
      pollMs,
    });
    made.push(slots);
    return slots;
  };
  afterAll(() => Promise.all(made.map((s) => s.close())));

  it('two workers, a limit of 2 and 20 jobs: never more than 2 in flight at the provider', async () => {
    const [a, b] = [worker(2), worker(2)];
    await runAcross([a, b], 20);
    expect(t.api.load.max).toBe(2);
    expect(await a.of('dashscope')!.inUse()).toBe(0);
  });

  it('counts the slots held by every worker, and a waiting job takes one when it frees', async () => {
    const [a, b] = [worker(1), worker(1)];
    let release!: () => void;
    const held = a.of('dashscope')!.run(AbortSignal.timeout(5000), async () => {
      await new Promise<void>((r) => (release = r));
    });
    await expect.poll(() => b.of('dashscope')!.inUse()).toBe(1);
    let ran = false;
    const waiting = b.of('dashscope')!.run(AbortSignal.timeout(5000), async () => {
      ran = true;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(ran).toBe(false);
    release();
    await Promise.all([held, waiting]);
    expect(ran).toBe(true);
  });

  it('a waiting job gives up when its signal aborts', async () => {
    const [a, b] = [worker(1), worker(1)];
    let release!: () => void;
    const held = a.of('dashscope')!.run(AbortSignal.timeout(5000), async () => {
      await new Promise<void>((r) => (release = r));
    });
    await expect.poll(() => b.of('dashscope')!.inUse()).toBe(1);
    const controller = new AbortController();
    const waiting = b.of('dashscope')!.run(controller.signal, async () => 'ran');
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    release();
    await held;
  });

  it('the slot of a worker killed with SIGKILL comes back once its lease expires', async () => {
    const leaseMs = 1500;
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(__dirname, 'provider-slots.holder.ts'),
        redisUrl,
        prefix,
        `${leaseMs}`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('held') && resolve());
      child.on('exit', () => reject(new Error('holder exited early')));
    });
    const survivor = worker(1);
    // Renewed while the holder lives: the slot stays taken past its first lease.
    await new Promise((r) => setTimeout(r, leaseMs * 1.2));
    expect(await survivor.of('dashscope')!.inUse()).toBe(1);
    child.kill('SIGKILL');
    const killedAt = Date.now();
    await survivor.of('dashscope')!.run(AbortSignal.timeout(leaseMs * 4), async () => {});
    expect(Date.now() - killedAt).toBeLessThan(leaseMs + 1000);
  });
});
