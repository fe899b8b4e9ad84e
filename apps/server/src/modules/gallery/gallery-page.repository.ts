import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { GalleryStatus } from '@huijing/contracts';
import type { Database } from '../../db/schema';
import type { CursorKey } from './gallery-cursor';
import type { KeywordPlan } from './gallery-search';
import './gallery.schema';

/** What a waterfall page selects; the service turns rows into the contract's items. */
export type GalleryRow = {
  id: string;
  userId: string;
  title: string;
  fileId: string;
  beforeFileId: string | null;
  beforeWidth: number | null;
  beforeHeight: number | null;
  width: number;
  height: number;
  placeholder: string;
  toolId: string;
  tags: string[];
  classifyIds: string[];
  settings: Record<string, unknown>;
  prompt: string;
  status: GalleryStatus;
  statusReason: string | null;
  collectCount: number;
  reportCount: number;
  nsfw: Record<string, number> | null;
  createdAt: string;
  nickname: string;
  avatarFile: string | null;
  /** The row's sort key (created_at, hot_score or the collect time) for the next cursor. */
  sortKey: string | number;
};

export type PageFilter = {
  /** 'published' for everyone's pages; a status list for the review queue; any for one's own. */
  status: GalleryStatus | 'any';
  authorId?: string;
  toolId?: string;
  classifyId?: string;
  keyword: KeywordPlan;
  /** The pictures this user collected (newest collect first when sorting by new). */
  collectedBy?: string;
  collectionId?: string;
  /** A case's pictures (index gallery_images_case_idx carries the sort). */
  caseId?: string;
  sort: 'new' | 'hot';
};

type Plan = {
  from: RawBuilder<unknown>;
  sortCol: RawBuilder<unknown>;
  idCol: RawBuilder<unknown>;
  driver?: 'images';
};
const isImagesDriver = (p: Plan) => p.driver === 'images';

/**
 * Which index drives the page. Each driver carries its own copy of the sort key (created_at), so a
 * filtered page walks one index range in order and stops after a page (no sort over all matches).
 * Sorting by hot under a keyword or category either sorts that filter's matches (few of them), or
 * — `walkHot`, when they are many — walks the hot index and checks each picture against the
 * filter, which finds a page after about pageSize × published / matches rows.
 * `forCount` drops the text check when holding the keyword's term already is a match.
 */
const planOf = (
  f: PageFilter,
  opts: { walkHot?: boolean; forCount?: boolean } = {},
): { plan: Plan; where: RawBuilder<unknown>[] } => {
  const walkHot = opts.walkHot === true && f.sort === 'hot';
  const where: RawBuilder<unknown>[] = [];
  let plan: Plan;
  let byClass = false;
  let byTerm = false;
  // CROSS JOIN keeps SQLite's join order (the driver first, walked in index order); PostgreSQL
  // plans it as the inner join it is.
  const joinImages = sql`cross join gallery_images i`;
  if (f.collectionId !== undefined || f.collectedBy !== undefined) {
    plan = {
      from: sql`gallery_collects d ${joinImages}`,
      sortCol: sql`d.created_at`,
      idCol: sql`d.image_id`,
    };
    if (f.collectionId !== undefined) where.push(sql`d.collection_id = ${f.collectionId}`);
    if (f.collectedBy !== undefined) where.push(sql`d.user_id = ${f.collectedBy}`);
  } else if (f.keyword.kind === 'term' && !walkHot) {
    plan = {
      from: sql`gallery_terms d ${joinImages}`,
      sortCol: sql`d.created_at`,
      idCol: sql`d.image_id`,
    };
    where.push(sql`d.term = ${f.keyword.term}`);
    byTerm = true;
  } else if (f.classifyId !== undefined && !walkHot) {
    plan = {
      from: sql`gallery_image_classes d ${joinImages}`,
      sortCol: sql`d.created_at`,
      idCol: sql`d.image_id`,
    };
    where.push(sql`d.classify_id = ${f.classifyId}`);
    byClass = true;
  } else {
    // The author and tool filters use their own (column, created_at, id) indexes from here.
    plan = {
      from: sql`gallery_images i`,
      sortCol: sql`i.created_at`,
      idCol: sql`i.id`,
      driver: 'images',
    };
  }
  if (f.sort === 'hot') plan = { ...plan, sortCol: sql`i.hot_score`, idCol: sql`i.id` };

  if (!isImagesDriver(plan)) {
    where.push(sql`i.id = d.image_id`);
  }
  if (f.status !== 'any') where.push(sql`i.status = ${f.status}`);
  if (f.authorId !== undefined) where.push(sql`i.user_id = ${f.authorId}`);
  if (f.toolId !== undefined) where.push(sql`i.tool_id = ${f.toolId}`);
  if (f.caseId !== undefined) where.push(sql`i.case_id = ${f.caseId}`);
  if (f.classifyId !== undefined && !byClass) {
    where.push(
      sql`exists (select 1 from gallery_image_classes c where c.image_id = i.id and c.classify_id = ${f.classifyId})`,
    );
  }
  const termIsMatch =
    opts.forCount === true && byTerm && f.keyword.kind === 'term' && f.keyword.exact;
  if (f.keyword.kind === 'term' && !termIsMatch) {
    where.push(sql`i.search_text like ${f.keyword.like} escape '\\'`);
  }
  return { plan, where };
};

const whereSql = (parts: RawBuilder<unknown>[]) =>
  parts.length === 0 ? sql`` : sql`where ${sql.join(parts, sql` and `)}`;

const parseJson = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

type RawRow = {
  id: string;
  user_id: string;
  title: string;
  file_id: string;
  before_file_id: string | null;
  before_width: number | null;
  before_height: number | null;
  width: number;
  height: number;
  placeholder: string;
  tool_id: string;
  tags: string;
  classify_ids: string;
  settings: string;
  prompt: string;
  status: GalleryStatus;
  status_reason: string | null;
  collect_count: number | string;
  report_count: number | string;
  nsfw: string | null;
  created_at: string;
  nickname: string;
  avatar_file: string | null;
  sort_key: string | number;
};

const toRow = (r: RawRow): GalleryRow => ({
  id: r.id,
  userId: r.user_id,
  title: r.title,
  fileId: r.file_id,
  beforeFileId: r.before_file_id,
  beforeWidth: r.before_width === null ? null : Number(r.before_width),
  beforeHeight: r.before_height === null ? null : Number(r.before_height),
  width: Number(r.width),
  height: Number(r.height),
  placeholder: r.placeholder,
  toolId: r.tool_id,
  tags: parseJson<string[]>(r.tags, []),
  classifyIds: parseJson<string[]>(r.classify_ids, []),
  settings: parseJson<Record<string, unknown>>(r.settings, {}),
  prompt: r.prompt,
  status: r.status,
  statusReason: r.status_reason,
  collectCount: Number(r.collect_count),
  reportCount: Number(r.report_count),
  nsfw: parseJson<Record<string, number> | null>(r.nsfw, null),
  createdAt: r.created_at,
  nickname: r.nickname,
  avatarFile: r.avatar_file,
  sortKey: typeof r.sort_key === 'string' ? r.sort_key : Number(r.sort_key),
});

const columns = sql`i.id, i.user_id, i.title, i.file_id, i.before_file_id, bf.width as before_width,
  bf.height as before_height, i.width, i.height, i.placeholder, i.tool_id, i.tags, i.classify_ids,
  i.settings, i.prompt, i.status, i.status_reason, i.collect_count, i.report_count, i.nsfw,
  i.created_at, u.nickname, u.avatar_file`;

export type GalleryPageRepository = ReturnType<typeof createGalleryPageRepository>;

/** Above this many matches a hot page under one keyword or category walks the hot index. */
export const HOT_WALK_MATCHES = 1500;
const DENSE_TTL_MS = 60_000;

export const createGalleryPageRepository = (
  db: Kysely<Database>,
  opts: { hotWalkMatches?: number } = {},
) => {
  const threshold = opts.hotWalkMatches ?? HOT_WALK_MATCHES;
  // Whether a keyword term or a category has many matches, probed by a bounded index count
  // (at most threshold + 1 index entries) and remembered for a minute.
  const dense = new Map<string, { many: boolean; until: number }>();
  const walkHot = async (f: PageFilter): Promise<boolean> => {
    // Only the public square's hot pages: an author's, a tool's or a case's pictures may be few
    // among all, and walking the whole hot index for them would read it all.
    if (
      f.sort !== 'hot' ||
      f.collectedBy !== undefined ||
      f.collectionId !== undefined ||
      f.authorId !== undefined ||
      f.toolId !== undefined ||
      f.caseId !== undefined
    ) {
      return false;
    }
    const byTerm = f.keyword.kind === 'term';
    // Both filters together: the driver's matches are sorted (their product is usually small).
    if (byTerm === (f.classifyId !== undefined)) return false;
    const key = f.keyword.kind === 'term' ? `t:${f.keyword.term}` : `c:${f.classifyId}`;
    const hit = dense.get(key);
    const now = Date.now();
    if (hit && hit.until > now) return hit.many;
    const probe =
      f.keyword.kind === 'term'
        ? sql`select 1 from gallery_terms where term = ${f.keyword.term} limit ${threshold + 1}`
        : sql`select 1 from gallery_image_classes where classify_id = ${f.classifyId ?? ''}
            limit ${threshold + 1}`;
    const result = await sql<{ n: number | string }>`select count(*) as n
      from (${probe}) m`.execute(db);
    const many = Number(result.rows[0]?.n ?? 0) > threshold;
    if (dense.size > 1000) dense.clear();
    dense.set(key, { many, until: now + DENSE_TTL_MS });
    return many;
  };
  return {
    /** One page (limit rows) strictly after the cursor, or at an offset for numbered pages. */
    async page(
      filter: PageFilter,
      at: { cursor?: CursorKey; offset: number; limit: number },
    ): Promise<GalleryRow[]> {
      const { plan, where } = planOf(filter, { walkHot: await walkHot(filter) });
      const conds = [...where];
      if (at.cursor)
        conds.push(sql`(${plan.sortCol}, ${plan.idCol}) < (${at.cursor.key}, ${at.cursor.id})`);
      const result = await sql<RawRow>`select ${columns}, ${plan.sortCol} as sort_key
      from ${plan.from}
      join users u on u.id = i.user_id
      left join files bf on bf.id = i.before_file_id
      ${whereSql(conds)}
      order by ${plan.sortCol} desc, ${plan.idCol} desc
      limit ${at.limit} offset ${at.cursor ? 0 : at.offset}`.execute(db);
      return result.rows.map(toRow);
    },

    async count(filter: PageFilter): Promise<number> {
      const { plan, where } = planOf(filter, { forCount: true });
      const result = await sql<{ n: number | string }>`select count(*) as n from ${plan.from}
      ${whereSql(where)}`.execute(db);
      return Number(result.rows[0]?.n ?? 0);
    },

    /** One picture by id, whatever its state (the service decides who may see it). */
    async findRow(id: string): Promise<GalleryRow | undefined> {
      const result = await sql<RawRow>`select ${columns}, i.created_at as sort_key
      from gallery_images i
      join users u on u.id = i.user_id
      left join files bf on bf.id = i.before_file_id
      where i.id = ${id}`.execute(db);
      const row = result.rows[0];
      return row ? toRow(row) : undefined;
    },

    /** Which of these pictures the user collected. */
    async collectedAmong(userId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('gallery_collects')
        .select('image_id')
        .where('user_id', '=', userId)
        .where('image_id', 'in', ids)
        .execute();
      return new Set(rows.map((r) => r.image_id));
    },
  };
};
