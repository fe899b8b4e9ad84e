import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../config/clock';
import type { Database } from '../../db/schema';
import type { Capability, Engine, EngineFile, EngineOutput } from '../../engines/engine';
import { EngineError } from '../../engines/engine';
import type { ProviderSlots } from '../../engines/provider-slots';
import { runWithFailover, waitOutBusy } from '../../engines/engine-failover';
import { sleep } from '../../engines/hosted-call';
import { createDispatcher } from '../../queue/dispatcher';
import type { QueuePort } from '../../queue/queue.port';
import { createFilesRepository } from '../uploads/files.repository';
import type { FilesService, UnrecordedFile } from '../uploads/files.service';
import { createTasksRepository } from './tasks.repository';
import type { TaskOutputRecord, TaskRecord } from './tasks.repository';
import type { ComposedPrompt } from './prompt-compose';
import { settleTaskTickets } from './tasks.settlement';
import type { TaskChange } from './task-events';
import { createWorkersRepository, DEAD_AFTER_MS, HEARTBEAT_MS } from './worker-heartbeats';
import { workerWorkDir } from './worker-traces';

/** Job names on the transport: one lane per engine, so each has its own concurrency. */
export const laneOf = (engine: string) => `task:${engine}`;
export type TaskJob = { taskId: string };

/** A task gets two attempts: a retryable engine error or a crashed worker earns one re-run. */
export const MAX_ATTEMPTS = 2;
const GENERIC_FAILURE = '生成失败，请稍后重试，次数已退回';
const CRASH_FAILURE = '任务执行中断，次数已退回';
const PROGRESS_EVERY_MS = 500;
const STATUS_POLL_MS = 1000;

export type TaskWorker = ReturnType<typeof createTaskWorker>;

/** Workers alive in this process (tests run several containers in one process). */
const liveHere = new Set<string>();

/**
 * Runs tasks. The transport only says "a lane has work"; the worker then claims the oldest queued
 * task of that lane with a conditional UPDATE, so order and exclusivity come from the database
 * whatever the transport (in-process or BullMQ) and however many workers run.
 */
export const createTaskWorker = (deps: {
  db: Kysely<Database>;
  queue: QueuePort;
  engines: readonly Engine[];
  files: FilesService;
  now: Clock;
  logger: Logger;
  dataDir: string;
  leaseMs: number;
  sweepMs: number;
  concurrency: (engine: Engine) => number;
  /** Per-provider limits shared by every worker: a task is claimed only once it has a slot. */
  slots?: ProviderSlots;
  stopGraceMs?: number;
  /** The positive prompt(s) for a generative tool (prompt-compose.ts); none → raw parameters. */
  composePrompt?: (
    toolId: string,
    params: Record<string, unknown>,
  ) => Promise<ComposedPrompt | undefined>;
  /** Tells the owners' event streams after each committed change (task-events.ts). */
  notify?: (change: TaskChange) => void;
  /**
   * The engines that take over when the task's engine is busy or down (the capability's
   * routing list after it; engine-router.ts fallbacks). None → no failover.
   */
  fallbacks?: (capability: Capability, toolId: string, from: string) => Promise<readonly Engine[]>;
  /** How long a task waits out providers that throttle (TASK_BUSY_WAIT_MS); 0 → fails at once. */
  busyWaitMs?: number;
}) => {
  const notify = deps.notify ?? (() => {});
  /** The task changed; with `laneMoved`, the positions behind it in its lane may have too. */
  const changed = (task: Pick<TaskRecord, 'id' | 'userId' | 'engine'>, laneMoved = false) => {
    notify({ userId: task.userId, taskId: task.id });
    if (laneMoved) notify({ lane: task.engine });
  };
  const repo = createTasksRepository(deps.db);
  const workers = createWorkersRepository(deps.db);
  const host = os.hostname();
  const workerId = `${host}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const startedAt = new Date().toISOString();
  // Everything this worker writes to disk is under its own directory, which the traces sweep
  // removes once the worker is dead (worker-traces.ts).
  const workRoot = workerWorkDir(deps.dataDir, workerId);
  const running = new Map<string, AbortController>();
  let sweeper: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  let stopped = false;
  // Ends the waits for a provider slot at shutdown (their tasks are still queued, untouched).
  const stopping = new AbortController();
  const log = deps.logger.child({ component: 'task-worker', workerId });

  const iso = (offsetMs = 0) => new Date(deps.now().getTime() + offsetMs).toISOString();

  const dispatcher = createDispatcher({
    queue: deps.queue,
    onFailure: (err, pending) =>
      log.error(
        { err: err instanceof Error ? err.message : String(err), pending },
        'queue hand-off failing: tasks stay queued in the database and are handed over when the transport is back',
      ),
    onRecovered: () => log.info('queue hand-off working again'),
  });

  /** After a commit: hand the task to the transport without waiting for it (the outbox). */
  const wake = (engine: string, taskId: string, fresh = false): Promise<void> => {
    dispatcher.notify({ id: taskId, name: laneOf(engine) }, { fresh });
    return Promise.resolve();
  };

  const beat = () =>
    workers
      .beat(
        { id: workerId, host, pid: process.pid, lanes: deps.engines.map((e) => e.id), startedAt },
        iso(),
      )
      .catch((err: unknown) => log.warn({ err }, 'worker heartbeat failed'));

  const alive = (taskWorkerId: string, pid: number) => {
    // Same pid: another worker of this process, or our earlier life (pid 1 in a container).
    if (pid === process.pid) return liveHere.has(taskWorkerId);
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EPERM';
    }
  };

  /**
   * A restart of this host's worker: its tasks still marked running belong to a process that is
   * gone. They go back to the queue at once, in their original order; the first interruption
   * does not count as an attempt (the crash was ours, not the task's), a repeated one does.
   */
  const requeueOwnInterrupted = async () => {
    for (const task of await repo.runningTasks()) {
      const [taskHost, pid] = (task.workerId ?? '').split(':');
      if (taskHost !== host || !pid || alive(task.workerId!, Number(pid))) continue;
      if (await repo.requeueInterrupted(task.id, task.workerId!, iso())) {
        changed(task, true);
        log.warn({ taskId: task.id, from: task.workerId }, 'interrupted task re-queued at restart');
        await wake(task.engine, task.id, true);
      } else if (task.leaseUntil) await recoverLost(task);
    }
  };

  const materialise = async (task: TaskRecord): Promise<Record<string, EngineFile>> => {
    const ids = Object.values(task.inputs).flat();
    const files = new Map((await deps.files.ownedFiles(task.userId, ids)).map((f) => [f.id, f]));
    const out: Record<string, EngineFile> = {};
    const add = async (name: string, id: string) => {
      const file = files.get(id);
      if (!file) throw new EngineError('输入图片已不存在，请重新上传', `file ${id} missing`);
      out[name] = {
        path: await deps.files.localPath(file, path.join(workRoot, task.id)),
        mime: file.mime,
        width: file.width,
        height: file.height,
      };
    };
    for (const [name, value] of Object.entries(task.inputs)) {
      if (Array.isArray(value)) await Promise.all(value.map((id, i) => add(`${name}_${i}`, id)));
      else await add(name, value);
    }
    return out;
  };

  /** Writes the outputs' bytes; their rows go in with the task's commit (finish). */
  const storeOutputs = async (task: TaskRecord, outputs: EngineOutput[]) => {
    const written: UnrecordedFile[] = [];
    try {
      for (const o of outputs) {
        written.push(await deps.files.writeOutput(task.userId, o, { ticketType: task.ticketType }));
      }
    } catch (error) {
      await deps.files.discard(written);
      throw error;
    }
    const records: TaskOutputRecord[] = written.map((file, i) => {
      const o = outputs[i]!;
      return {
        fileId: file.id,
        kind: o.kind,
        mime: o.mime,
        width: o.width,
        height: o.height,
        ...(o.duration !== undefined && { duration: o.duration }),
        ...(o.structureScore !== undefined && { structureScore: o.structureScore }),
      };
    });
    return { written, records };
  };

  /** Moves the task to its end state; `files` (its outputs) get their rows in the same commit. */
  const finish = async (
    task: TaskRecord,
    to: 'succeeded' | 'failed',
    fields: { outputs?: TaskOutputRecord[]; error?: string },
    files: readonly UnrecordedFile[] = [],
  ) => {
    const at = iso();
    const moved = await deps.db.transaction().execute(async (trx) => {
      const moved = await createTasksRepository(trx).finishRunning(task.id, workerId, to, {
        ...fields,
        at,
      });
      // Not ours any more (canceled, or recovered after a lost lease): the other path settled.
      if (!moved) return false;
      const fileRows = createFilesRepository(trx);
      for (const file of files) await fileRows.insertFile(file);
      await settleTaskTickets(trx, task, to === 'succeeded' ? 'captured' : 'released', at);
      return true;
    });
    if (moved) changed(task);
    return moved;
  };

  /** Stores the outputs and commits; bytes of a commit that failed or was not ours are removed. */
  const succeed = async (task: TaskRecord, outputs: EngineOutput[]) => {
    const { written, records } = await storeOutputs(task, outputs);
    let moved = false;
    try {
      moved = await finish(task, 'succeeded', { outputs: records }, written);
    } finally {
      if (!moved) await deps.files.discard(written);
    }
  };

  const runTask = async (engine: Engine, task: TaskRecord) => {
    const controller = new AbortController();
    running.set(task.id, controller);
    const workDir = path.join(workRoot, `${task.id}-${task.attempts}`);
    let lastFlush = 0;
    let pending: number | undefined;
    let lastRenew = Date.now();
    const flush = () => {
      if (pending === undefined) return;
      const p = pending;
      pending = undefined;
      lastFlush = Date.now();
      void repo.setProgress(task.id, workerId, p, iso()).then(
        () => changed(task),
        () => {},
      );
    };
    // Each second: still ours? (a cancel from another host shows here) and renew the lease.
    const watch = setInterval(
      () => {
        void (async () => {
          const row = await repo.statusOf(task.id);
          if (!row || row.status !== 'running' || row.workerId !== workerId) {
            controller.abort();
            return;
          }
          if (Date.now() - lastRenew >= deps.leaseMs / 3) {
            lastRenew = Date.now();
            if (!(await repo.renewLease(task.id, workerId, iso(deps.leaseMs)))) controller.abort();
          }
          if (pending !== undefined && Date.now() - lastFlush >= PROGRESS_EVERY_MS) flush();
        })().catch((err: unknown) => log.warn({ err, taskId: task.id }, 'task watch failed'));
      },
      Math.min(STATUS_POLL_MS, deps.leaseMs / 3),
    );
    try {
      await fs.mkdir(workDir, { recursive: true });
      const inputs = await materialise(task);
      const composed = await deps.composePrompt?.(task.toolId, task.params);
      if (controller.signal.aborted) return;
      const job = {
        taskId: task.id,
        toolId: task.toolId,
        capability: task.capability as Capability,
        params: task.params,
        ...(composed?.prompt !== undefined && { prompt: composed.prompt }),
        ...(composed?.prompts && { prompts: composed.prompts }),
        ...(composed?.hosted && { hosted: composed.hosted }),
        inputs,
        workDir,
        signal: controller.signal,
        onProgress: ({ percent }: { percent: number }) => {
          pending = Math.max(0, Math.min(99, Math.round(percent)));
          if (Date.now() - lastFlush >= PROGRESS_EVERY_MS) flush();
        },
      };
      // Busy, down or timed out after its own retries: the next engine of the list takes the
      // same job in this attempt; the tickets held at submit stay held until the one finish.
      // Every engine of the list throttling: wait and run again rather than fail the task.
      const { outputs } = await waitOutBusy(
        () =>
          runWithFailover(
            engine,
            () => deps.fallbacks?.(job.capability, task.toolId, engine.id) ?? Promise.resolve([]),
            job,
            (from, to, err) =>
              log.warn({ err, taskId: task.id, from: from.id, to: to.id }, 'engine failed over'),
          ),
        {
          maxWaitMs: deps.busyWaitMs ?? 0,
          signal: controller.signal,
          sleep,
          onWait: (delayMs, err) =>
            log.info({ err, taskId: task.id, delayMs }, 'providers busy: task waits'),
        },
      );
      if (controller.signal.aborted) return;
      await succeed(task, outputs);
    } catch (error) {
      if (controller.signal.aborted) {
        // Shutdown: back to the queue with its seq; the interrupted attempt does not count.
        if (stopped && (await repo.finishRunning(task.id, workerId, 'queued', { at: iso() }))) {
          await repo.refundAttempt(task.id);
          changed(task, true);
          log.info({ taskId: task.id }, 'task re-queued at shutdown');
        } else log.info({ taskId: task.id }, 'task aborted');
        return;
      }
      const engineError = error instanceof EngineError ? error : undefined;
      log.warn({ err: error, taskId: task.id, attempt: task.attempts }, 'task run failed');
      if (engineError?.retryable && task.attempts < MAX_ATTEMPTS) {
        if (await repo.finishRunning(task.id, workerId, 'queued', { at: iso() })) {
          changed(task, true);
          await wake(task.engine, task.id, true);
        }
        return;
      }
      await finish(task, 'failed', { error: engineError?.userMessage ?? GENERIC_FAILURE });
    } finally {
      clearInterval(watch);
      running.delete(task.id);
      await fs.rm(workDir, { recursive: true, force: true }).catch(() => {});
      await fs.rm(path.join(workRoot, task.id), { recursive: true, force: true }).catch(() => {});
    }
  };

  /** A task whose worker is gone: re-queued (seq kept, fresh job id) once, else failed + refunded. */
  const recoverLost = async (task: TaskRecord) => {
    const lease = task.leaseUntil!;
    if (task.attempts < MAX_ATTEMPTS) {
      if (await repo.requeueExpired(task.id, lease, iso())) {
        changed(task, true);
        log.warn({ taskId: task.id, from: task.workerId }, 'worker lost: task re-queued');
        await wake(task.engine, task.id, true);
      }
      return;
    }
    const at = iso();
    const failed = await deps.db.transaction().execute(async (trx) => {
      if (!(await createTasksRepository(trx).failExpired(task.id, lease, CRASH_FAILURE, at))) {
        return false;
      }
      await settleTaskTickets(trx, task, 'released', at);
      log.warn({ taskId: task.id }, 'worker lost twice: task failed and refunded');
      return true;
    });
    if (failed) changed(task);
  };

  /**
   * Running tasks of a dead worker (no heartbeat for DEAD_AFTER_MS) or whose lease ran out:
   * re-queued (keeping their seq, with a fresh job id) once, else failed and refunded.
   */
  const recoverExpired = async () => {
    const silent = new Set(
      (await workers.silentSince(iso(-DEAD_AFTER_MS)))
        .map((w) => w.id)
        .filter((id) => id !== workerId),
    );
    const expired = await repo.expiredRunning(iso());
    const expiredIds = new Set(expired.map((t) => t.id));
    const orphaned =
      silent.size === 0
        ? []
        : (await repo.runningTasks()).filter(
            (t) => t.workerId && silent.has(t.workerId) && !expiredIds.has(t.id) && t.leaseUntil,
          );
    for (const task of [...expired, ...orphaned].sort((a, b) => a.seq - b.seq)) {
      await recoverLost(task);
    }
  };

  /** Recovers, then makes sure every queued task of our lanes has a wake on the transport. */
  const sweep = () =>
    (sweeping ??= (async () => {
      try {
        await recoverExpired();
        const queued = await repo.queuedIds(deps.engines.map((e) => e.id));
        await dispatcher.sync(queued.map((q) => ({ id: q.id, name: laneOf(q.engine) })));
      } catch (err) {
        log.error({ err }, 'task sweep failed');
      } finally {
        sweeping = undefined;
      }
    })());

  return {
    workerId,
    wake,
    /** Aborts a run in this process (a cancel); runs elsewhere notice within a second. */
    abortLocal: (taskId: string) => running.get(taskId)?.abort(),
    runningCount: () => running.size,

    async start(): Promise<void> {
      liveHere.add(workerId);
      await beat();
      heartbeat = setInterval(() => void beat(), HEARTBEAT_MS);
      heartbeat.unref();
      await requeueOwnInterrupted();
      for (const engine of deps.engines) {
        deps.queue.process<string>(
          laneOf(engine.id),
          async () => {
            if (stopped) return;
            const claimAndRun = async () => {
              if (stopped) return;
              const task = await repo.claimNext(engine.id, workerId, iso(deps.leaseMs), iso());
              if (!task) return;
              changed(task, true);
              await runTask(engine, task);
            };
            const slot = deps.slots?.of(engine.id);
            if (!slot) return claimAndRun();
            await slot.run(stopping.signal, claimAndRun).catch((err: unknown) => {
              if (!stopping.signal.aborted) throw err;
            });
          },
          { concurrency: deps.concurrency(engine) },
        );
      }
      await sweep();
      sweeper = setInterval(() => void sweep(), deps.sweepMs);
      sweeper.unref();
    },

    /**
     * Stops sweeping and claiming; running tasks get graceMs to finish, then are aborted and
     * re-queued (the queue's close waits for their handlers to return).
     */
    async stop(graceMs = deps.stopGraceMs ?? 7_000): Promise<void> {
      stopped = true;
      stopping.abort();
      if (sweeper) clearInterval(sweeper);
      await sweeping;
      const end = Date.now() + graceMs;
      while (running.size > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      for (const controller of running.values()) controller.abort();
      dispatcher.close();
      liveHere.delete(workerId);
      if (heartbeat) {
        clearInterval(heartbeat);
        // Gone on purpose: nobody needs to wait for this worker's heartbeat to time out.
        await workers.remove(workerId).catch(() => {});
      }
    },

    /** Live workers (a heartbeat within DEAD_AFTER_MS), for health and the admin view. */
    liveWorkers: async () => {
      const since = iso(-DEAD_AFTER_MS);
      return (await workers.list()).filter((w) => w.heartbeatAt >= since);
    },
    pendingHandOffs: () => dispatcher.pendingCount(),

    sweep,
  };
};
