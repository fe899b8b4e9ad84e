import type { TrackBatch, TrackSummary } from '@huijing/contracts';
import type { Kysely } from 'kysely';
import { DAY, MINUTE, type Clock } from '../../config/clock';
import type { Database } from '../../db/schema';
import { newId } from '../../db/ids';
import { createTrackingRepository } from './tracking.repository';

/** Events older than this are deleted. */
export const TRACK_RETENTION_DAYS = 180;
const HOT_WORD_DAYS = 7;
const HOT_WORDS = 10;

export type PinnedWords = { tools: string[]; gallery: string[] };

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
  /**
   * Key events that other modules' own tables record (order paid, picture published): counted
   * from there for the summary, never written twice.
   */
  derivedEvents?: Record<string, (since: string) => Promise<number>>;
}) => {
  const { db, now } = deps;
  const repo = createTrackingRepository(db);

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
      await repo.insertEvents(rows);
      return rows.length;
    },

    async pinned(): Promise<PinnedWords> {
      const value = await repo.pinnedWordsJson();
      const parsed = value ? (JSON.parse(value) as Partial<PinnedWords>) : {};
      return { tools: parsed.tools ?? [], gallery: parsed.gallery ?? [] };
    },

    /** Writes on `trx` when given: the console's audited transaction. */
    async setPinned(words: PinnedWords, trx: Kysely<Database> = db): Promise<void> {
      const value = JSON.stringify(words);
      const updatedAt = now().toISOString();
      await createTrackingRepository(trx).putPinnedWordsJson(value, updatedAt);
    },

    /** Pinned words first, then the most searched of the last 7 days (by distinct searchers). */
    async hotWords(scope: 'tools' | 'gallery'): Promise<string[]> {
      const since = new Date(now().getTime() - HOT_WORD_DAYS * DAY).toISOString();
      const ranked = await repo.searchedWords(scope, since, HOT_WORDS * 2);
      const pinned = (await this.pinned())[scope];
      const words = [...pinned];
      for (const word of ranked) {
        if (!words.includes(word)) words.push(word);
      }
      return words.slice(0, Math.max(HOT_WORDS, pinned.length));
    },

    /** Page views and visitors per label; opened → started → result → download per tool. */
    async summary(days: number): Promise<TrackSummary> {
      const to = now();
      const from = new Date(to.getTime() - days * DAY);
      const since = from.toISOString();
      const pages = await repo.pageViews(since);
      // Opened and downloaded come from the browsers' events; started and finished with a
      // result come from the task rows themselves, so the funnel never depends on a beacon.
      const counts = await repo.toolEvents(since);
      const started = await repo.runsStarted(since);
      const results = await repo.runsSucceeded(since);
      const events = await repo.eventKinds(since);
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
        if (c.kind === 'tool_open') row(c.tool).opened += c.count;
        if (c.kind === 'download') row(c.tool).downloads += c.count;
      }
      for (const c of started) row(c.tool).started += c.count;
      for (const c of results) row(c.tool).results += c.count;
      return {
        from: since,
        to: to.toISOString(),
        pages,
        events,
        funnel: [...byTool.values()].sort((a, b) => b.opened - a.opened),
      };
    },

    async prune(): Promise<number> {
      const before = new Date(now().getTime() - TRACK_RETENTION_DAYS * DAY).toISOString();
      return repo.deleteBefore(before);
    },
  };
};
