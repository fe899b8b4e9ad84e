import type { TrackBatch, TrackSummary } from '@huijing/contracts';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { DAY, MINUTE, type Clock } from '../../config/clock';
import type { Database } from '../../db/schema';
import { newId } from '../../db/ids';
import './tracking.schema';

/** Events older than this are deleted (issue 19: pruned after 180 days). */
export const TRACK_RETENTION_DAYS = 180;
const HOT_WORD_DAYS = 7;
const HOT_WORDS = 10;

export type PinnedWords = { tools: string[]; gallery: string[] };
const PINNED_KEY = 'search.pinnedWords';

export type TrackingService = ReturnType<typeof createTrackingService>;

/** A search word worth counting: trimmed, short, not a phone number or a long digit run. */
export const countableKeyword = (word: string | undefined): string | undefined => {
  const w = word?.trim().replace(/\s+/g, ' ');
  if (!w || w.length > 20) return undefined;
  if (/\d{5,}/.test(w) || /@/.test(w)) return undefined;
  return w;
};

/**
 * Page views and key events (tool opened, task started, result, download, order paid, picture
 * published, search), kept without personal data beyond the user id and the device id, pruned
 * after 180 days; what the admin statistics and the hot words read.
 */
export const createTrackingService = (deps: {
  db: Kysely<Database>;
  now: Clock;
  /** Orders paid since a time, from the commerce module's orders table (absent: not installed). */
  /**
   * Key events that other modules' own tables record (order paid, picture published): counted
   * from there for the summary, never written twice.
   */
  derivedEvents?: Record<string, (since: string) => Promise<number>>;
}) => {
  const { db, now } = deps;

  return {
    async record(batch: TrackBatch, userId: string | undefined): Promise<number> {
      const serverNow = now().getTime();
      const rows = batch.events.map((e) => {
        // A device clock far off (or a replayed batch) is stamped with the server's time.
        const at =
          e.at !== undefined && Math.abs(e.at - serverNow) < 10 * MINUTE ? e.at : serverNow;
        return {
          id: newId(),
          at: new Date(at).toISOString(),
          kind: e.kind,
          label: e.label,
          path: e.path.split('?')[0]!.split('#')[0]!.slice(0, 300),
          tool: e.tool ?? null,
          keyword: e.kind === 'search' ? (countableKeyword(e.keyword) ?? null) : null,
          scope: e.kind === 'search' ? (e.scope ?? 'tools') : null,
          user_id: userId ?? null,
          device_id: batch.deviceId ?? null,
        };
      });
      await db.insertInto('track_events').values(rows).execute();
      return rows.length;
    },

    async pinned(): Promise<PinnedWords> {
      const row = await db
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', PINNED_KEY)
        .executeTakeFirst();
      const parsed = row ? (JSON.parse(row.value) as Partial<PinnedWords>) : {};
      return { tools: parsed.tools ?? [], gallery: parsed.gallery ?? [] };
    },

    /** Writes on `trx` when given: the console's audited transaction. */
    async setPinned(words: PinnedWords, trx: Kysely<Database> = db): Promise<void> {
      const value = JSON.stringify(words);
      const updatedAt = now().toISOString();
      await trx
        .insertInto('app_settings')
        .values({ key: PINNED_KEY, value, updated_at: updatedAt })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: updatedAt }))
        .execute();
    },

    /** Pinned words first, then the most searched of the last 7 days (by distinct searchers). */
    async hotWords(scope: 'tools' | 'gallery'): Promise<string[]> {
      const since = new Date(now().getTime() - HOT_WORD_DAYS * DAY).toISOString();
      const searcher = sql<string>`coalesce(user_id, device_id, id)`;
      const ranked = await db
        .selectFrom('track_events')
        .select(['keyword', sql<number>`count(distinct ${searcher})`.as('people')])
        .where('kind', '=', 'search')
        .where('scope', '=', scope)
        .where('at', '>=', since)
        .where('keyword', 'is not', null)
        .groupBy('keyword')
        .orderBy('people', 'desc')
        .orderBy('keyword')
        .limit(HOT_WORDS * 2)
        .execute();
      const pinned = (await this.pinned())[scope];
      const words = [...pinned];
      for (const r of ranked) {
        if (r.keyword && !words.includes(r.keyword)) words.push(r.keyword);
      }
      return words.slice(0, Math.max(HOT_WORDS, pinned.length));
    },

    /** Page views and visitors per label; opened → started → result → download per tool. */
    async summary(days: number): Promise<TrackSummary> {
      const to = now();
      const from = new Date(to.getTime() - days * DAY);
      const since = from.toISOString();
      const visitor = sql<string>`coalesce(device_id, user_id, id)`;
      const pages = await db
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
      // Opened and downloaded come from the browsers' events; started and finished with a
      // result come from the task rows themselves, so the funnel never depends on a beacon.
      const counts = await db
        .selectFrom('track_events')
        .select(['tool', 'kind', sql<number>`count(*)`.as('n')])
        .where('tool', 'is not', null)
        .where('kind', 'in', ['tool_open', 'download'])
        .where('at', '>=', since)
        .groupBy(['tool', 'kind'])
        .execute();
      const started = await db
        .selectFrom('tasks')
        .select(['tool_id', sql<number>`count(*)`.as('n')])
        .where('created_at', '>=', since)
        .groupBy('tool_id')
        .execute();
      const results = await db
        .selectFrom('tasks')
        .select(['tool_id', sql<number>`count(*)`.as('n')])
        .where('status', '=', 'succeeded')
        .where('finished_at', '>=', since)
        .groupBy('tool_id')
        .execute();
      const kinds = await db
        .selectFrom('track_events')
        .select(['kind', sql<number>`count(*)`.as('n')])
        .where('kind', '!=', 'page_view')
        .where('at', '>=', since)
        .groupBy('kind')
        .execute();
      const events = kinds.map((k) => ({ kind: String(k.kind), count: Number(k.n) }));
      for (const [kind, count] of Object.entries(deps.derivedEvents ?? {})) {
        events.push({ kind, count: await count(since) });
      }
      events.sort((a, b) => b.count - a.count);
      const byTool = new Map<string, TrackSummary['funnel'][number]>();
      const row = (tool: string) => {
        const found = byTool.get(tool) ?? { tool, opened: 0, started: 0, results: 0, downloads: 0 };
        byTool.set(tool, found);
        return found;
      };
      for (const c of counts) {
        if (c.kind === 'tool_open') row(c.tool!).opened += Number(c.n);
        if (c.kind === 'download') row(c.tool!).downloads += Number(c.n);
      }
      for (const c of started) row(c.tool_id).started += Number(c.n);
      for (const c of results) row(c.tool_id).results += Number(c.n);
      return {
        from: since,
        to: to.toISOString(),
        pages: pages.map((p) => ({
          label: p.label,
          views: Number(p.views),
          visitors: Number(p.visitors),
        })),
        events,
        funnel: [...byTool.values()].sort((a, b) => b.opened - a.opened),
      };
    },

    async prune(): Promise<number> {
      const before = new Date(now().getTime() - TRACK_RETENTION_DAYS * DAY).toISOString();
      const r = await db.deleteFrom('track_events').where('at', '<', before).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
};
