import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { TrackEventsTable } from './tracking.schema';
import '../gallery/gallery.schema';
import '../orders/orders.schema';
import './tracking.schema';

const PINNED_KEY = 'search.pinnedWords';

type Count = { n: number | string };

/** SQL of page views, key events and the words pinned above the hot words. */
export const createTrackingRepository = (db: Kysely<Database>) => ({
  async insertEvents(rows: TrackEventsTable[]): Promise<void> {
    await db.insertInto('track_events').values(rows).execute();
  },

  /** The stored pinned words as JSON text, or undefined when never set. */
  async pinnedWordsJson(): Promise<string | undefined> {
    const row = await db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', PINNED_KEY)
      .executeTakeFirst();
    return row?.value;
  },

  async putPinnedWordsJson(value: string, updatedAt: string): Promise<void> {
    await db
      .insertInto('app_settings')
      .values({ key: PINNED_KEY, value, updated_at: updatedAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: updatedAt }))
      .execute();
  },

  /** Searched words of a scope since a time, by distinct searchers, most first. */
  async searchedWords(scope: 'tools' | 'gallery', since: string, limit: number) {
    const searcher = sql<string>`coalesce(user_id, device_id, id)`;
    const rows = await db
      .selectFrom('track_events')
      .select(['keyword', sql<number>`count(distinct ${searcher})`.as('people')])
      .where('kind', '=', 'search')
      .where('scope', '=', scope)
      .where('at', '>=', since)
      .where('keyword', 'is not', null)
      .groupBy('keyword')
      .orderBy('people', 'desc')
      .orderBy('keyword')
      .limit(limit)
      .execute();
    return rows.flatMap((r) => (r.keyword ? [r.keyword] : []));
  },

  /** Page views and visitors per label since a time, most viewed first. */
  async pageViews(since: string) {
    const visitor = sql<string>`coalesce(device_id, user_id, id)`;
    const rows = await db
      .selectFrom('track_events')
      .select([
        'label',
        sql<number>`count(*)`.as('views'),
        sql<number>`count(distinct ${visitor})`.as('visitors'),
      ])
      .where('kind', '=', 'page_view')
      .where('at', '>=', since)
      .groupBy('label')
      .orderBy('views', 'desc')
      .execute();
    return rows.map((p) => ({
      label: p.label,
      views: Number(p.views),
      visitors: Number(p.visitors),
    }));
  },

  /** Tools opened and results downloaded since a time, per tool, from the browsers' events. */
  async toolEvents(since: string) {
    const rows = await db
      .selectFrom('track_events')
      .select(['tool', 'kind', sql<number>`count(*)`.as('n')])
      .where('tool', 'is not', null)
      .where('kind', 'in', ['tool_open', 'download'])
      .where('at', '>=', since)
      .groupBy(['tool', 'kind'])
      .execute();
    return rows.map((r) => ({ tool: r.tool!, kind: r.kind, count: Number(r.n) }));
  },

  /** Runs started since a time, per tool, from the task rows. */
  async runsStarted(since: string) {
    const rows = await db
      .selectFrom('tasks')
      .select(['tool_id', sql<number>`count(*)`.as('n')])
      .where('created_at', '>=', since)
      .groupBy('tool_id')
      .execute();
    return rows.map((r) => ({ tool: r.tool_id, count: Number(r.n) }));
  },

  /** Runs finished with a result since a time, per tool, from the task rows. */
  async runsSucceeded(since: string) {
    const rows = await db
      .selectFrom('tasks')
      .select(['tool_id', sql<number>`count(*)`.as('n')])
      .where('status', '=', 'succeeded')
      .where('finished_at', '>=', since)
      .groupBy('tool_id')
      .execute();
    return rows.map((r) => ({ tool: r.tool_id, count: Number(r.n) }));
  },

  /** Every kind of event but page views since a time, counted. */
  async eventKinds(since: string) {
    const rows = await db
      .selectFrom('track_events')
      .select(['kind', sql<number>`count(*)`.as('n')])
      .where('kind', '!=', 'page_view')
      .where('at', '>=', since)
      .groupBy('kind')
      .execute();
    return rows.map((k) => ({ kind: String(k.kind), count: Number(k.n) }));
  },

  /** Orders paid since a time (later refunded included), from the orders table. */
  async ordersPaidSince(since: string): Promise<number> {
    const row: Count | undefined = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('paid_at', '>=', since)
      .where('status', 'in', ['paid', 'refunded'])
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /** Gallery pictures first made public since a time (published_at). */
  async picturesPublishedSince(since: string): Promise<number> {
    const row: Count | undefined = await db
      .selectFrom('gallery_images')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('published_at', '>=', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  async deleteBefore(before: string): Promise<number> {
    const r = await db.deleteFrom('track_events').where('at', '<', before).executeTakeFirst();
    return Number(r.numDeletedRows);
  },
});
