import type { AdminStats } from '@huijing/contracts';
import type { Kysely } from 'kysely';
import type { CoreContainer } from '../../core/deps';
import { DAY } from '../../config/clock';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { createProviderCallsRepository } from '../tasks/provider-calls.repository';

/** Business days are China days (UTC+8), whatever the server's zone. */
const CST_MS = 8 * 60 * 60 * 1000;
const MAX_RANGE_DAYS = 92;
/** Ledger reasons that move held tickets; everything else positive is an issue. */
const SPEND_REASONS = ['hold', 'release', 'capture'];

export const cstDay = (iso: string | Date) =>
  new Date(new Date(iso).getTime() + CST_MS).toISOString().slice(0, 10);
const cstDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) - CST_MS);

/** Optional order figures from the commerce module (absent: orders.available is false). */
export type OrderStatsSource = (range: {
  from: string;
  to: string;
}) => Promise<{ paidAt: string; amountFen: number }[]>;

const count = async (q: Promise<{ n: string | number | bigint } | undefined>) =>
  Number((await q)?.n ?? 0);

export const createAdminStatsService = (deps: {
  core: CoreContainer;
  paidOrders?: OrderStatsSource;
}) => {
  const db: Kysely<Database> = deps.core.database.db;

  return {
    async stats(q: { from?: string; to?: string }): Promise<AdminStats> {
      const now = deps.core.now();
      const today = cstDay(now);
      const to = q.to ?? today;
      const from = q.from ?? cstDay(new Date(now.getTime() - 13 * DAY));
      if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || from > to) {
        throw new AppError('VALIDATION_FAILED', {
          message: '日期范围有误，请选择正确的开始和结束日期',
        });
      }
      const rangeStart = cstDayStart(from).toISOString();
      const rangeEnd = new Date(cstDayStart(to).getTime() + DAY).toISOString();
      if (Date.parse(rangeEnd) - Date.parse(rangeStart) > MAX_RANGE_DAYS * DAY) {
        throw new AppError('VALIDATION_FAILED', { message: `日期范围最多 ${MAX_RANGE_DAYS} 天` });
      }
      const todayStart = cstDayStart(today).toISOString();
      const weekStart = new Date(cstDayStart(today).getTime() - 6 * DAY).toISOString();

      const [usersTotal, newToday, activeToday, queueDepth] = await Promise.all([
        count(
          db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst(),
        ),
        count(
          db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('created_at', '>=', todayStart)
            .executeTakeFirst(),
        ),
        count(
          db
            .selectFrom('sessions')
            .select((eb) => eb.fn.count<number>('subject_id').distinct().as('n'))
            .where('kind', '=', 'user')
            .where('last_seen_at', '>=', todayStart)
            .executeTakeFirst(),
        ),
        count(
          db
            .selectFrom('tasks')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', 'queued')
            .executeTakeFirst(),
        ),
      ]);

      const todayTasks = await db
        .selectFrom('tasks')
        .select(['status', 'tool_id'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('created_at', '>=', todayStart)
        .groupBy(['status', 'tool_id'])
        .execute();
      const byStatus: Record<string, number> = {
        queued: 0,
        running: 0,
        succeeded: 0,
        failed: 0,
        canceled: 0,
      };
      const byToolMap = new Map<string, number>();
      for (const r of todayTasks) {
        byStatus[r.status] = (byStatus[r.status] ?? 0) + Number(r.n);
        byToolMap.set(r.tool_id, (byToolMap.get(r.tool_id) ?? 0) + Number(r.n));
      }

      // Daily series: rows in range, bucketed by China day here (portable across dialects).
      const days: string[] = [];
      for (let t = cstDayStart(from).getTime(); t < Date.parse(rangeEnd); t += DAY) {
        days.push(cstDay(new Date(t)));
      }
      const daily = new Map<string, AdminStats['daily'][number]>(
        days.map((day) => [
          day,
          {
            day,
            newUsers: 0,
            tasks: 0,
            failedTasks: 0,
            ticketsIssued: 0,
            ticketsSpent: 0,
            revenueFen: 0,
            costMicroYuan: 0,
          },
        ]),
      );
      type Day = AdminStats['daily'][number];
      const inRange = <T extends { created_at: string }>(rows: T[], fn: (d: Day, r: T) => void) => {
        for (const r of rows) {
          const d = daily.get(cstDay(r.created_at));
          if (d) fn(d, r);
        }
      };
      const [users, tasks, ledger, orders, costRows] = await Promise.all([
        db
          .selectFrom('users')
          .select('created_at')
          .where('created_at', '>=', rangeStart)
          .where('created_at', '<', rangeEnd)
          .execute(),
        db
          .selectFrom('tasks')
          .select(['created_at', 'status'])
          .where('created_at', '>=', rangeStart)
          .where('created_at', '<', rangeEnd)
          .execute(),
        db
          .selectFrom('ticket_ledger')
          .select(['created_at', 'delta', 'reason'])
          .where('created_at', '>=', rangeStart)
          .where('created_at', '<', rangeEnd)
          .where('delta', '!=', 0)
          .execute(),
        deps.paidOrders
          ? deps.paidOrders({
              from: rangeStart < weekStart ? rangeStart : weekStart,
              to: rangeEnd > now.toISOString() ? rangeEnd : now.toISOString(),
            })
          : Promise.resolve(null),
        createProviderCallsRepository(db).costsBetween(rangeStart, rangeEnd),
      ]);
      inRange(users, (d) => (d.newUsers += 1));
      inRange(tasks, (d, r) => {
        d.tasks += 1;
        if (r.status === 'failed') d.failedTasks += 1;
      });
      inRange(ledger, (d, r) => {
        const delta = Number(r.delta);
        if (SPEND_REASONS.includes(r.reason)) d.ticketsSpent -= delta;
        else if (delta > 0) d.ticketsIssued += delta;
        else d.ticketsSpent -= delta;
      });
      for (const o of orders ?? []) {
        const d =
          o.paidAt >= rangeStart && o.paidAt < rangeEnd ? daily.get(cstDay(o.paidAt)) : undefined;
        if (d) d.revenueFen += o.amountFen;
      }
      const costByTool = new Map<string, { costMicroYuan: number; calls: number }>();
      for (const c of costRows) {
        const d = daily.get(cstDay(c.createdAt));
        if (d) d.costMicroYuan += c.costMicro;
        const tool = costByTool.get(c.toolId) ?? { costMicroYuan: 0, calls: 0 };
        tool.costMicroYuan += c.costMicro;
        tool.calls += 1;
        costByTool.set(c.toolId, tool);
      }
      const series = [...daily.values()];
      const paidSince = (start: string) => (orders ?? []).filter((o) => o.paidAt >= start);
      const revenue = (start: string) => paidSince(start).reduce((s, o) => s + o.amountFen, 0);
      return {
        users: { total: usersTotal, newToday, activeToday },
        orders: {
          available: orders !== null,
          paidToday: paidSince(todayStart).length,
          revenueTodayFen: revenue(todayStart),
          paid7d: paidSince(weekStart).length,
          revenue7dFen: revenue(weekStart),
        },
        tasksToday: {
          byStatus,
          byTool: [...byToolMap.entries()]
            .map(([toolId, c]) => ({ toolId, count: c }))
            .sort((a, b) => b.count - a.count),
        },
        tickets: {
          issued: series.reduce((s, d) => s + d.ticketsIssued, 0),
          spent: series.reduce((s, d) => s + d.ticketsSpent, 0),
        },
        queueDepth,
        costs: {
          totalMicroYuan: series.reduce((sum, d) => sum + d.costMicroYuan, 0),
          byTool: [...costByTool.entries()]
            .map(([toolId, c]) => ({ toolId, ...c }))
            .sort((a, b) => b.costMicroYuan - a.costMicroYuan),
        },
        daily: series,
      };
    },
  };
};
