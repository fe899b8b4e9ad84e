import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database, TaskStatus, TasksTable, TicketsState } from '../../db/schema';

export type TaskOutputRecord = {
  fileId: string;
  kind: 'image' | 'video';
  mime: string;
  width: number;
  height: number;
  duration?: number;
  /** How much of the input's structure it kept, 0–1 (engines/structure-guard.ts). */
  structureScore?: number;
};

export type TaskRecord = {
  id: string;
  seq: number;
  userId: string;
  toolId: string;
  family: string;
  capability: string;
  engine: string;
  status: TaskStatus;
  params: Record<string, unknown>;
  inputs: Record<string, string | string[]>;
  outputs: TaskOutputRecord[];
  error: string | null;
  progress: number;
  ticketType: 1 | 2 | 3 | 4;
  price: number;
  ticketsState: TicketsState;
  attempts: number;
  workerId: string | null;
  leaseUntil: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

type Row = Omit<TasksTable, 'outputs' | 'progress' | 'attempts' | 'hidden' | 'interruptions'> & {
  outputs: string;
  progress: number;
  attempts: number;
  hidden: number;
};

const toTask = (r: Row): TaskRecord => ({
  id: r.id,
  seq: Number(r.seq),
  userId: r.user_id,
  toolId: r.tool_id,
  family: r.family,
  capability: r.capability,
  engine: r.engine,
  status: r.status,
  params: JSON.parse(r.params) as Record<string, unknown>,
  inputs: JSON.parse(r.inputs) as Record<string, string | string[]>,
  outputs: JSON.parse(r.outputs) as TaskOutputRecord[],
  error: r.error,
  progress: r.progress,
  ticketType: r.ticket_type as 1 | 2 | 3 | 4,
  price: r.price,
  ticketsState: r.tickets_state,
  attempts: r.attempts,
  workerId: r.worker_id,
  leaseUntil: r.lease_until,
  createdAt: r.created_at,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
});

export type NewTask = Omit<
  TaskRecord,
  | 'seq'
  | 'outputs'
  | 'error'
  | 'progress'
  | 'attempts'
  | 'workerId'
  | 'leaseUntil'
  | 'startedAt'
  | 'finishedAt'
>;

const affected = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows);

export type TasksRepository = ReturnType<typeof createTasksRepository>;

/** SQL for tasks, by intent. Every state change is a conditional UPDATE: it happens once. */
export const createTasksRepository = (db: Kysely<Database>) => ({
  /** Submission order across both dialects: a counter row bumped in the inserting transaction. */
  async nextSeq(): Promise<number> {
    const row = await db
      .updateTable('counters')
      .set({ value: sql<number>`value + 1` })
      .where('name', '=', 'task_seq')
      .returning('value')
      .executeTakeFirstOrThrow();
    return Number(row.value);
  },

  async insertTask(task: NewTask, seq: number): Promise<void> {
    await db
      .insertInto('tasks')
      .values({
        id: task.id,
        seq,
        user_id: task.userId,
        tool_id: task.toolId,
        family: task.family,
        capability: task.capability,
        engine: task.engine,
        status: task.status,
        params: JSON.stringify(task.params),
        inputs: JSON.stringify(task.inputs),
        ticket_type: task.ticketType,
        price: task.price,
        tickets_state: task.ticketsState,
        created_at: task.createdAt,
        updated_at: task.createdAt,
      })
      .execute();
  },

  /** Records the key first; false when the key was already used (the caller replays). */
  async claimIdempotencyKey(
    userId: string,
    key: string,
    taskId: string,
    at: string,
    bodyHash: string | null = null,
  ) {
    const r = await db
      .insertInto('idempotency_keys')
      .values({ user_id: userId, key, task_id: taskId, created_at: at, body_hash: bodyHash })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  async findIdempotencyKey(userId: string, key: string) {
    const row = await db
      .selectFrom('idempotency_keys')
      .select(['task_id', 'body_hash'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    return row && { taskId: row.task_id, bodyHash: row.body_hash };
  },

  async findTask(id: string): Promise<TaskRecord | undefined> {
    const row = await db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toTask(row) : undefined;
  },

  /** The owner's visible task; anyone else's is "not found". */
  async findOwnedTask(userId: string, id: string): Promise<TaskRecord | undefined> {
    const row = await db
      .selectFrom('tasks')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('hidden', '=', 0)
      .executeTakeFirst();
    return row ? toTask(row) : undefined;
  },

  /**
   * What an event stream sends on connect: the owner's newest visible tasks that are still
   * active or changed since `since` (newest first; an index range on (user_id, hidden, seq)).
   */
  async recentForStream(userId: string, since: string, limit: number): Promise<TaskRecord[]> {
    const rows = await db
      .selectFrom('tasks')
      .selectAll()
      .where('user_id', '=', userId)
      .where('hidden', '=', 0)
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
    return rows
      .filter((r) => r.status === 'queued' || r.status === 'running' || r.updated_at >= since)
      .map(toTask);
  },

  /** Queued tasks ahead on the same engine lane: a range count on (status, engine, seq). */
  async queuedAhead(engine: string, seq: number): Promise<number> {
    const row = await db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('status', '=', 'queued')
      .where('engine', '=', engine)
      .where('seq', '<', seq)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async listOwned(
    userId: string,
    q: {
      page: number;
      pageSize: number;
      toolId?: string;
      family?: string;
      from?: string;
      to?: string;
      /** Matches tools whose name matched (searchToolIds) or the parameters' text. */
      search?: { text: string; toolIds: string[] };
      /** One project's works; 'none': in no project. */
      projectId?: string;
    },
  ): Promise<{ rows: TaskRecord[]; total: number }> {
    let base = db.selectFrom('tasks').where('user_id', '=', userId).where('hidden', '=', 0);
    if (q.projectId === 'none') base = base.where('project_id', 'is', null);
    else if (q.projectId) base = base.where('project_id', '=', q.projectId);
    if (q.toolId) base = base.where('tool_id', '=', q.toolId);
    if (q.family) base = base.where('family', '=', q.family);
    if (q.from) base = base.where('created_at', '>=', q.from);
    if (q.to) base = base.where('created_at', '<', q.to);
    const search = q.search;
    if (search) {
      // Parameters are JSON text; non-ASCII is stored as is, so a Chinese prompt matches plainly.
      const pattern = `%${search.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where((eb) =>
        eb.or([
          sql<boolean>`lower(params) like ${pattern} escape '\\'`,
          ...(search.toolIds.length > 0 ? [eb('tool_id', 'in', search.toolIds)] : []),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('seq', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(toTask), total: Number(count.n) };
  },

  /**
   * The next task of a lane, fairly: VIP users (vip_until in the future) first; then the user with
   * the fewest tasks running in this lane; then the one served least recently (never served
   * first); then the oldest submission. Each user's own tasks keep their order (seq), so one
   * account's fifty tasks take turns with everyone else's instead of running ahead of them.
   */
  async nextFairTask(engine: string, at: string): Promise<string | undefined> {
    const heads = await db
      .selectFrom('tasks')
      .select(['user_id', (eb) => eb.fn.min<number | string>('seq').as('seq')])
      .where('status', '=', 'queued')
      .where('engine', '=', engine)
      .groupBy('user_id')
      .execute();
    if (heads.length === 0) return undefined;
    let winner = heads[0]!;
    if (heads.length > 1) {
      const users = heads.map((h) => h.user_id);
      const [served, vips] = await Promise.all([
        db
          .selectFrom('tasks')
          .select([
            'user_id',
            (eb) =>
              eb.fn
                .sum<number | string>(
                  eb.case().when('status', '=', 'running').then(1).else(0).end(),
                )
                .as('running'),
            (eb) => eb.fn.max('started_at').as('last_start'),
          ])
          .where('engine', '=', engine)
          .where('user_id', 'in', users)
          .where('started_at', 'is not', null)
          .groupBy('user_id')
          .execute(),
        db
          .selectFrom('users')
          .select('id')
          .where('id', 'in', users)
          .where('vip_until', '>', at)
          .execute(),
      ]);
      const vip = new Set(vips.map((v) => v.id));
      const stats = new Map(served.map((r) => [r.user_id, r]));
      const key = (h: (typeof heads)[number]) => {
        const st = stats.get(h.user_id);
        return [
          vip.has(h.user_id) ? 0 : 1,
          Number(st?.running ?? 0),
          st?.last_start ?? '',
          Number(h.seq),
        ] as const;
      };
      const before = (a: (typeof heads)[number], b: (typeof heads)[number]) => {
        const [x, y] = [key(a), key(b)];
        for (let i = 0; i < x.length; i++) {
          if (x[i]! < y[i]!) return true;
          if (x[i]! > y[i]!) return false;
        }
        return false;
      };
      for (const h of heads) if (before(h, winner)) winner = h;
    }
    const next = await db
      .selectFrom('tasks')
      .select('id')
      .where('status', '=', 'queued')
      .where('engine', '=', engine)
      .where('user_id', '=', winner.user_id)
      .orderBy('seq')
      .limit(1)
      .executeTakeFirst();
    return next?.id;
  },

  /** Takes the next queued task of a lane (nextFairTask) for this worker; undefined when none. */
  async claimNext(engine: string, workerId: string, leaseUntil: string, at: string) {
    for (let i = 0; i < 5; i++) {
      const nextId = await this.nextFairTask(engine, at);
      if (!nextId) return undefined;
      const row = await db
        .updateTable('tasks')
        .set({
          status: 'running',
          worker_id: workerId,
          lease_until: leaseUntil,
          started_at: at,
          updated_at: at,
          attempts: sql<number>`attempts + 1`,
        })
        .where('id', '=', nextId)
        .where('status', '=', 'queued')
        .returningAll()
        .executeTakeFirst();
      // Another worker took it between the read and the update: try the next one.
      if (row) return toTask(row);
    }
    return undefined;
  },

  /** A user's queued and running tasks in a lane (the per-user cap). */
  async activeInLane(userId: string, engine: string): Promise<number> {
    const row = await db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('engine', '=', engine)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Extends a running task's lease; false when it is no longer this worker's running task. */
  async renewLease(id: string, workerId: string, leaseUntil: string): Promise<boolean> {
    const r = await db
      .updateTable('tasks')
      .set({ lease_until: leaseUntil })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('worker_id', '=', workerId)
      .executeTakeFirst();
    return affected(r) === 1;
  },

  async setProgress(id: string, workerId: string, progress: number, at: string) {
    await db
      .updateTable('tasks')
      .set({ progress, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('worker_id', '=', workerId)
      .execute();
  },

  /** running → succeeded | failed | queued (retry), only while this worker still owns it. */
  async finishRunning(
    id: string,
    workerId: string,
    to: 'succeeded' | 'failed' | 'queued',
    fields: { outputs?: TaskOutputRecord[]; error?: string | null; at: string },
  ): Promise<boolean> {
    const r = await db
      .updateTable('tasks')
      .set({
        status: to,
        updated_at: fields.at,
        ...(to === 'queued'
          ? { worker_id: null, lease_until: null, progress: 0 }
          : { finished_at: fields.at, lease_until: null }),
        ...(to === 'succeeded' && { progress: 100 }),
        ...(fields.outputs && { outputs: JSON.stringify(fields.outputs) }),
        ...(fields.error !== undefined && { error: fields.error }),
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('worker_id', '=', workerId)
      .executeTakeFirst();
    return affected(r) === 1;
  },

  async refundAttempt(id: string): Promise<void> {
    await db
      .updateTable('tasks')
      .set({ attempts: sql<number>`attempts - 1` })
      .where('id', '=', id)
      .where('attempts', '>', 0)
      .execute();
  },

  /**
   * queued | running → canceled (delTaskByTaskId); false when already finished. Hidden too unless
   * `keep`: a cancel from the task panel stays in history as 已取消, a delete does not.
   */
  async cancelActive(id: string, userId: string, at: string, keep = false): Promise<boolean> {
    const r = await db
      .updateTable('tasks')
      .set({
        status: 'canceled',
        hidden: keep ? 0 : 1,
        finished_at: at,
        updated_at: at,
        lease_until: null,
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return affected(r) === 1;
  },

  async hide(id: string, userId: string, at: string): Promise<boolean> {
    const r = await db
      .updateTable('tasks')
      .set({ hidden: 1, updated_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return affected(r) === 1;
  },

  /** held → captured | released, exactly once: the second caller finds nothing to change. */
  async settleTickets(id: string, to: 'captured' | 'released'): Promise<boolean> {
    const r = await db
      .updateTable('tasks')
      .set({ tickets_state: to })
      .where('id', '=', id)
      .where('tickets_state', '=', 'held')
      .executeTakeFirst();
    return affected(r) === 1;
  },

  /** Running tasks whose worker stopped renewing (it crashed or lost the database). */
  async expiredRunning(now: string): Promise<TaskRecord[]> {
    const rows = await db
      .selectFrom('tasks')
      .selectAll()
      .where('status', '=', 'running')
      .where('lease_until', '<', now)
      .orderBy('seq')
      .execute();
    return rows.map(toTask);
  },

  /** Back to the queue with its original seq, if the lease is still the expired one. */
  async requeueExpired(id: string, leaseUntil: string, at: string): Promise<boolean> {
    const r = await db
      .updateTable('tasks')
      .set({
        status: 'queued',
        worker_id: null,
        lease_until: null,
        progress: 0,
        updated_at: at,
        interruptions: sql<number>`interruptions + 1`,
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('lease_until', '=', leaseUntil)
      .executeTakeFirst();
    return affected(r) === 1;
  },

  async failExpired(id: string, leaseUntil: string, error: string, at: string) {
    const r = await db
      .updateTable('tasks')
      .set({ status: 'failed', error, finished_at: at, updated_at: at, lease_until: null })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('lease_until', '=', leaseUntil)
      .executeTakeFirst();
    return affected(r) === 1;
  },

  /**
   * A task of this host left running by a process that is gone (a restart), interrupted for the
   * first time: re-queued keeping its seq, and the interrupted attempt is not counted.
   */
  async requeueInterrupted(id: string, workerId: string, at: string): Promise<boolean> {
    const r = await db
      .updateTable('tasks')
      .set({
        status: 'queued',
        worker_id: null,
        lease_until: null,
        progress: 0,
        updated_at: at,
        attempts: sql<number>`case when attempts > 0 then attempts - 1 else 0 end`,
        interruptions: sql<number>`interruptions + 1`,
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('worker_id', '=', workerId)
      .where('interruptions', '=', 0)
      .executeTakeFirst();
    return affected(r) === 1;
  },

  async runningTasks(): Promise<TaskRecord[]> {
    const rows = await db
      .selectFrom('tasks')
      .selectAll()
      .where('status', '=', 'running')
      .orderBy('seq')
      .execute();
    return rows.map(toTask);
  },

  async queuedIds(engines: readonly string[]): Promise<{ id: string; engine: string }[]> {
    if (engines.length === 0) return [];
    return db
      .selectFrom('tasks')
      .select(['id', 'engine'])
      .where('status', '=', 'queued')
      .where('engine', 'in', [...engines])
      .orderBy('seq')
      .execute();
  },

  async statusOf(id: string): Promise<{ status: TaskStatus; workerId: string | null } | undefined> {
    const row = await db
      .selectFrom('tasks')
      .select(['status', 'worker_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { status: row.status, workerId: row.worker_id } : undefined;
  },
});
