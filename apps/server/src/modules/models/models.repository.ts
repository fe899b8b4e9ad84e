import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { Database, TaskStatus } from '../../db/schema';
import type { ModelReviewState, ModelsTable, TrainDomainsTable } from './models.schema';
import './models.schema';

export type DatasetEntry = {
  fileId: string;
  caption: string;
  bucket: string;
  width: number;
  height: number;
};

export type TrainDomainRecord = {
  key: string;
  name: string;
  description: string;
  words: string;
  checkpoint: string;
  steps: number;
  rank: number;
  learningRate: number;
  samplePrompt: string;
  sort: number;
};

/** A model joined with its current run (the task row owns status, progress and the error). */
export type ModelRecord = {
  id: string;
  userId: string;
  name: string;
  domain: string;
  triggerWord: string;
  taskId: string;
  dataset: DatasetEntry[];
  steps: number;
  rank: number;
  learningRate: number;
  checkpoint: string;
  price: number;
  ticketType: 1 | 2 | 3 | 4;
  loraKey: string | null;
  loraName: string | null;
  lossGraphFileId: string | null;
  sampleFileIds: string[];
  review: ModelReviewState;
  reviewNote: string | null;
  publishedAt: string | null;
  useCount: number;
  createdAt: string;
  status: TaskStatus;
  progress: number;
  error: string | null;
  finishedAt: string | null;
};

const toDomain = (r: Selectable<TrainDomainsTable>): TrainDomainRecord => ({
  key: r.key,
  name: r.name,
  description: r.description,
  words: r.words,
  checkpoint: r.checkpoint,
  steps: Number(r.steps),
  rank: Number(r.rank),
  learningRate: Number(r.learning_rate),
  samplePrompt: r.sample_prompt,
  sort: Number(r.sort),
});

type JoinedRow = Selectable<ModelsTable> & {
  status: TaskStatus;
  progress: number;
  error: string | null;
  finished_at: string | null;
};

const toModel = (r: JoinedRow): ModelRecord => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  domain: r.domain,
  triggerWord: r.trigger_word,
  taskId: r.task_id,
  dataset: JSON.parse(r.dataset) as DatasetEntry[],
  steps: Number(r.steps),
  rank: Number(r.rank),
  learningRate: Number(r.learning_rate),
  checkpoint: r.checkpoint,
  price: Number(r.price),
  ticketType: Number(r.ticket_type) as 1 | 2 | 3 | 4,
  loraKey: r.lora_key,
  loraName: r.lora_name,
  lossGraphFileId: r.loss_graph_file_id,
  sampleFileIds: JSON.parse(r.sample_file_ids) as string[],
  review: r.review,
  reviewNote: r.review_note,
  publishedAt: r.published_at,
  useCount: Number(r.use_count),
  createdAt: r.created_at,
  status: r.status,
  progress: Number(r.progress),
  error: r.error,
  finishedAt: r.finished_at,
});

export type ModelsRepository = ReturnType<typeof createModelsRepository>;

/** SQL for models and training presets, by intent. */
export const createModelsRepository = (db: Kysely<Database>) => {
  const joined = () =>
    db
      .selectFrom('models')
      .innerJoin('tasks', 'tasks.id', 'models.task_id')
      .selectAll('models')
      .select(['tasks.status', 'tasks.progress', 'tasks.error', 'tasks.finished_at']);

  return {
    async domains(): Promise<TrainDomainRecord[]> {
      const rows = await db
        .selectFrom('train_domains')
        .selectAll()
        .where('enabled', '=', 1)
        .orderBy('sort')
        .execute();
      return rows.map(toDomain);
    },

    async domain(key: string): Promise<TrainDomainRecord | undefined> {
      const row = await db
        .selectFrom('train_domains')
        .selectAll()
        .where('key', '=', key)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      return row ? toDomain(row) : undefined;
    },

    async updateDomain(
      key: string,
      fields: Partial<Pick<TrainDomainRecord, 'checkpoint' | 'steps' | 'rank' | 'learningRate'>>,
      at: string,
    ): Promise<boolean> {
      const r = await db
        .updateTable('train_domains')
        .set({
          ...(fields.checkpoint !== undefined && { checkpoint: fields.checkpoint }),
          ...(fields.steps !== undefined && { steps: fields.steps }),
          ...(fields.rank !== undefined && { rank: fields.rank }),
          ...(fields.learningRate !== undefined && { learning_rate: fields.learningRate }),
          updated_at: at,
        })
        .where('key', '=', key)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async insertModel(m: {
      id: string;
      userId: string;
      name: string;
      domain: string;
      triggerWord: string;
      taskId: string;
      dataset: DatasetEntry[];
      steps: number;
      rank: number;
      learningRate: number;
      checkpoint: string;
      price: number;
      ticketType: number;
      at: string;
    }): Promise<void> {
      await db
        .insertInto('models')
        .values({
          id: m.id,
          user_id: m.userId,
          name: m.name,
          domain: m.domain,
          trigger_word: m.triggerWord,
          task_id: m.taskId,
          dataset: JSON.stringify(m.dataset),
          steps: m.steps,
          rank: m.rank,
          learning_rate: m.learningRate,
          checkpoint: m.checkpoint,
          price: m.price,
          ticket_type: m.ticketType,
          sample_file_ids: '[]',
          review: 'private',
          use_count: 0,
          created_at: m.at,
          updated_at: m.at,
        })
        .execute();
    },

    /** Training runs are tasks, but not works: they stay off the works page and history. */
    async hideTask(taskId: string): Promise<void> {
      await db.updateTable('tasks').set({ hidden: 1 }).where('id', '=', taskId).execute();
    },

    async findModel(id: string): Promise<ModelRecord | undefined> {
      const row = await joined().where('models.id', '=', id).executeTakeFirst();
      return row ? toModel(row as JoinedRow) : undefined;
    },

    /** The owner's model; anyone else's is "not found". */
    async findOwned(userId: string, id: string): Promise<ModelRecord | undefined> {
      const row = await joined()
        .where('models.id', '=', id)
        .where('models.user_id', '=', userId)
        .executeTakeFirst();
      return row ? toModel(row as JoinedRow) : undefined;
    },

    /** The owner's model that training task `taskId` is the current run of (event streams). */
    async findOwnedByTask(userId: string, taskId: string): Promise<ModelRecord | undefined> {
      const row = await joined()
        .where('models.task_id', '=', taskId)
        .where('models.user_id', '=', userId)
        .executeTakeFirst();
      return row ? toModel(row as JoinedRow) : undefined;
    },

    /** On a stream's connect: the owner's trainings queued, running, or changed since `since`. */
    async recentForStream(userId: string, since: string, limit: number): Promise<ModelRecord[]> {
      const rows = await joined()
        .where('models.user_id', '=', userId)
        .where((eb) =>
          eb.or([
            eb('tasks.status', 'in', ['queued', 'running']),
            eb('tasks.updated_at', '>=', since),
            // A reviewer's decision changes the model, not its training.
            eb('models.updated_at', '>=', since),
          ]),
        )
        .orderBy('models.created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => toModel(r as JoinedRow));
    },

    async listOwned(
      userId: string,
      page: number,
      pageSize: number,
    ): Promise<{ rows: ModelRecord[]; total: number }> {
      const rows = await joined()
        .where('models.user_id', '=', userId)
        .orderBy('models.created_at', 'desc')
        .orderBy('models.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      const total = await db
        .selectFrom('models')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { rows: rows.map((r) => toModel(r as JoinedRow)), total: Number(total.n) };
    },

    async runningIds(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('models')
        .innerJoin('tasks', 'tasks.id', 'models.task_id')
        .select('models.id')
        .where('models.user_id', '=', userId)
        .where('tasks.status', 'in', ['queued', 'running'])
        .orderBy('models.created_at')
        .execute();
      return rows.map((r) => r.id);
    },

    /** The user's finished models and published (approved) ones of others. */
    async usable(userId: string): Promise<ModelRecord[]> {
      const rows = await joined()
        .where('tasks.status', '=', 'succeeded')
        .where('models.lora_name', 'is not', null)
        .where((eb) =>
          eb.or([eb('models.user_id', '=', userId), eb('models.review', '=', 'approved')]),
        )
        .orderBy('models.created_at', 'desc')
        .limit(200)
        .execute();
      return rows.map((r) => toModel(r as JoinedRow));
    },

    /** Published models, newest first, strictly after the cursor (published_at, id). */
    async square(q: {
      domain?: string;
      after?: { at: string; id: string };
      limit: number;
    }): Promise<ModelRecord[]> {
      let query = joined()
        .where('models.review', '=', 'approved')
        .where('tasks.status', '=', 'succeeded');
      if (q.domain) query = query.where('models.domain', '=', q.domain);
      const after = q.after;
      if (after)
        query = query.where((eb) =>
          eb.or([
            eb('models.published_at', '<', after.at),
            eb.and([eb('models.published_at', '=', after.at), eb('models.id', '<', after.id)]),
          ]),
        );
      const rows = await query
        .orderBy('models.published_at', 'desc')
        .orderBy('models.id', 'desc')
        .limit(q.limit)
        .execute();
      return rows.map((r) => toModel(r as JoinedRow));
    },

    async byReview(review: ModelReviewState): Promise<ModelRecord[]> {
      const rows = await joined()
        .where('models.review', '=', review)
        .orderBy('models.updated_at', 'desc')
        .limit(200)
        .execute();
      return rows.map((r) => toModel(r as JoinedRow));
    },

    async setReview(
      id: string,
      from: ModelReviewState[],
      to: ModelReviewState,
      at: string,
      note: string | null = null,
    ): Promise<boolean> {
      const r = await db
        .updateTable('models')
        .set({
          review: to,
          review_note: note,
          updated_at: at,
          ...(to === 'approved' && { published_at: at }),
          ...(to === 'private' && { published_at: null }),
        })
        .where('id', '=', id)
        .where('review', 'in', from)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async setWeights(
      id: string,
      w: { loraKey: string; loraName: string; bytes: number },
      at: string,
    ): Promise<void> {
      await db
        .updateTable('models')
        .set({ lora_key: w.loraKey, lora_name: w.loraName, lora_bytes: w.bytes, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    async setResults(
      id: string,
      r: { lossGraphFileId: string | null; sampleFileIds: string[] },
      at: string,
    ): Promise<void> {
      await db
        .updateTable('models')
        .set({
          loss_graph_file_id: r.lossGraphFileId,
          sample_file_ids: JSON.stringify(r.sampleFileIds),
          updated_at: at,
        })
        .where('id', '=', id)
        .execute();
    },

    async retarget(id: string, taskId: string, at: string): Promise<void> {
      await db
        .updateTable('models')
        .set({
          task_id: taskId,
          lora_key: null,
          lora_name: null,
          lora_bytes: null,
          loss_graph_file_id: null,
          sample_file_ids: '[]',
          updated_at: at,
        })
        .where('id', '=', id)
        .execute();
    },

    async deleteModel(userId: string, id: string): Promise<boolean> {
      const r = await db
        .deleteFrom('models')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },

    async countUse(id: string): Promise<void> {
      await db
        .updateTable('models')
        .set({ use_count: sql<number>`use_count + 1` })
        .where('id', '=', id)
        .execute();
    },

    async authorNames(userIds: string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('users')
        .select(['id', 'nickname'])
        .where('id', 'in', [...new Set(userIds)])
        .execute();
      return new Map(rows.map((r) => [r.id, r.nickname ?? '设计师']));
    },
  };
};
