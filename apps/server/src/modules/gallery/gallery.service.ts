import sharp from 'sharp';
import { GALLERY_REPORTS_FOR_REVIEW, galleryStatusMessages } from '@huijing/contracts';
import type {
  GalleryDetail,
  GalleryItem,
  GalleryPage,
  GalleryPageQuery,
  GalleryPublishResult,
  GalleryStatus,
} from '@huijing/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../config/clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { StoragePort } from '../../providers/storage';
import { createTasksRepository } from '../tasks/tasks.repository';
import type { FilesService } from '../uploads/files.service';
import { avatarUrl } from '../users/users.service';
import { decodeCursor, encodeCursor } from './gallery-cursor';
import { createGalleryPageRepository } from './gallery-page.repository';
import type { GalleryRow, PageFilter } from './gallery-page.repository';
import { createGalleryRepository, hotBaseOf } from './gallery.repository';
import type { InTransaction } from './gallery.repository';
import { planKeyword, searchTextOf } from './gallery-search';

/** The automatic check at publish; flagged pictures wait for review. */
export type ModerationCheck = (
  image: Buffer,
) => Promise<{ flagged: boolean; scores: Record<string, number> } | undefined>;

export type GalleryService = ReturnType<typeof createGalleryService>;

/** The input the viewer's "before" side shows (the tools' main image). */
const BEFORE_INPUT = 'upload_img';
const THUMB_WIDTH = 640;

/** No phone number travels in a gallery payload, even one typed into a nickname or a title. */
export const maskPhones = (text: string): string =>
  text.replace(/(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g, '$1****$2');

/**
 * The settings 做同款 fills in: plain values only (strings, numbers, booleans and short lists of
 * them); nothing that names a file, a private model or an account.
 */
export const shareableSettings = (params: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  const plain = (v: unknown) =>
    typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && v.length <= 1000);
  for (const [key, value] of Object.entries(params)) {
    if (/lora|file|url|token|phone|user|mask|img|image/i.test(key)) continue;
    if (plain(value)) out[key] = typeof value === 'string' ? maskPhones(value) : value;
    else if (Array.isArray(value) && value.length <= 20 && value.every(plain)) out[key] = value;
  }
  return out;
};

const promptOf = (params: Record<string, unknown>): string => {
  const p = params.promptTxt ?? params.prompt ?? params.positive;
  return typeof p === 'string' ? maskPhones(p.trim()).slice(0, 1000) : '';
};

/** A tiny blurred WebP as a data URL (a few hundred bytes) to paint before the thumbnail. */
export const placeholderOf = async (image: Buffer): Promise<string> => {
  const data = await sharp(image, { limitInputPixels: 100_000_000 })
    .resize({ width: 16, height: 16, fit: 'inside' })
    .blur(0.6)
    .webp({ quality: 40 })
    .toBuffer();
  return `data:image/webp;base64,${data.toString('base64')}`;
};

export const createGalleryService = (deps: {
  db: Kysely<Database>;
  files: FilesService;
  storage: StoragePort;
  now: Clock;
  logger: Logger;
  moderate?: ModerationCheck;
  /** The author's case (project) of this name, made on first use (cases.service). */
  ensureCase: (userId: string, name: string) => Promise<string>;
  /** The case of the author's works project, made or linked on first use (cases.service). */
  caseOfProject: (userId: string, projectId: string) => Promise<string>;
}) => {
  const repo = createGalleryRepository(deps.db);
  const pages = createGalleryPageRepository(deps.db);
  const tasks = createTasksRepository(deps.db);
  const iso = () => deps.now().toISOString();

  // Totals of public lists are counted at most every COUNT_TTL_MS per filter (a count walks every
  // match; the page itself stops after a page). Any write in this process clears them; other
  // processes see a new total within the TTL. Per-user lists are small and always counted.
  const COUNT_TTL_MS = 15_000;
  const counts = new Map<string, { n: number; until: number }>();
  const countOf = async (filter: PageFilter, cacheable: boolean) => {
    if (!cacheable) return pages.count(filter);
    const key = JSON.stringify(filter);
    const hit = counts.get(key);
    const now = Date.now();
    if (hit && hit.until > now) return hit.n;
    const n = await pages.count(filter);
    if (counts.size > 1000) counts.clear();
    counts.set(key, { n, until: now + COUNT_TTL_MS });
    return n;
  };
  const changed = () => counts.clear();

  const statusMessage = (status: GalleryStatus, reason: string | null) =>
    reason && status !== 'published'
      ? `${galleryStatusMessages[status]}（${reason}）`
      : galleryStatusMessages[status];

  const links = async (fileId: string, published: boolean) => {
    if (published) {
      return {
        url: `/api/files/${fileId}`,
        thumbUrl: `/api/files/${fileId}/thumb?w=${THUMB_WIDTH}`,
      };
    }
    // Not public (yet, or any more): signed links the author and reviewers can open.
    const signed = await deps.files.links({ id: fileId, mime: 'image/webp' });
    return { url: signed.url, thumbUrl: signed.thumbUrl ?? signed.url };
  };

  const toItem = async (
    row: GalleryRow,
    collected: boolean,
    withStatus: boolean,
  ): Promise<GalleryItem> => {
    const published = row.status === 'published';
    const before =
      row.beforeFileId && row.beforeWidth !== null && row.beforeHeight !== null
        ? {
            ...(await links(row.beforeFileId, published)),
            width: row.beforeWidth,
            height: row.beforeHeight,
          }
        : null;
    return {
      id: row.id,
      title: row.title,
      ...(await links(row.fileId, published)),
      width: row.width,
      height: row.height,
      placeholder: row.placeholder,
      tool: row.toolId,
      tags: row.tags,
      classifyIds: row.classifyIds,
      author: {
        id: row.userId,
        nickname: maskPhones(row.nickname),
        avatar: avatarUrl(row.avatarFile),
      },
      collected,
      collectCount: row.collectCount,
      before,
      ...(withStatus && {
        status: row.status,
        statusMessage: statusMessage(row.status, row.statusReason),
      }),
      createdAt: row.createdAt,
    };
  };

  const toItems = async (rows: GalleryRow[], viewerId: string | undefined, withStatus: boolean) => {
    const collected = viewerId
      ? await pages.collectedAmong(
          viewerId,
          rows.map((r) => r.id),
        )
      : new Set<string>();
    return Promise.all(rows.map((r) => toItem(r, collected.has(r.id), withStatus)));
  };

  /** A picture the viewer may see: published, or their own in any state. */
  const visibleRow = async (id: string, viewerId: string | undefined) => {
    const row = await pages.findRow(id);
    if (!row || (row.status !== 'published' && row.userId !== viewerId)) {
      throw new AppError('GALLERY_NOT_FOUND');
    }
    return row;
  };

  const collectionVisible = async (collectionId: string, viewerId: string | undefined) => {
    const c = await deps.db
      .selectFrom('gallery_collections')
      .select(['user_id', 'is_public'])
      .where('id', '=', collectionId)
      .executeTakeFirst();
    if (!c || (Number(c.is_public) !== 1 && c.user_id !== viewerId)) {
      throw new AppError('GALLERY_COLLECTION_NOT_FOUND');
    }
  };

  return {
    repo,
    toItems,

    async page(query: GalleryPageQuery, viewerId: string | undefined): Promise<GalleryPage> {
      if ((query.scope === 'mine' || query.scope === 'collected') && !viewerId) {
        throw new AppError('UNAUTHORIZED');
      }
      if (query.collectionId) await collectionVisible(query.collectionId, viewerId);
      const byCollect = query.scope === 'collected' || query.collectionId !== undefined;
      const filter: PageFilter = {
        status: query.scope === 'mine' ? 'any' : 'published',
        authorId: query.scope === 'mine' ? viewerId : query.authorId,
        toolId: query.tool,
        classifyId: query.classifyId,
        keyword: planKeyword(query.keyword),
        collectedBy: query.scope === 'collected' ? viewerId : undefined,
        collectionId: query.collectionId,
        caseId: query.caseId,
        sort: byCollect ? 'new' : query.sort,
      };
      const cursor = query.cursor
        ? decodeCursor(query.cursor, filter.sort === 'hot' ? 'number' : 'string')
        : undefined;
      const limit = query.pageSize;
      // A cursor page answers the total its first page counted (carried in the cursor).
      const [rows, total] = await Promise.all([
        pages.page(filter, { cursor, offset: (query.current - 1) * limit, limit: limit + 1 }),
        cursor?.total ?? countOf(filter, query.scope === 'all' && !query.collectionId),
      ]);
      const more = rows.length > limit;
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return {
        list: await toItems(shown, viewerId, query.scope === 'mine'),
        total,
        current: query.current,
        pageSize: limit,
        nextCursor: more && last ? encodeCursor({ key: last.sortKey, id: last.id, total }) : null,
      };
    },

    async detail(id: string, viewerId: string | undefined): Promise<GalleryDetail> {
      const row = await visibleRow(id, viewerId);
      const [item] = await toItems([row], viewerId, row.userId === viewerId);
      return { ...item!, settings: row.settings, prompt: row.prompt };
    },

    /** 相似推荐: same category first, else same tool; hot first; never the picture itself. */
    async similar(id: string, viewerId: string | undefined): Promise<GalleryItem[]> {
      const row = await visibleRow(id, viewerId);
      const base = { status: 'published' as const, keyword: { kind: 'none' as const } };
      const classifyId = row.classifyIds.at(-1);
      let rows = classifyId
        ? await pages.page({ ...base, classifyId, sort: 'hot' }, { offset: 0, limit: 13 })
        : [];
      if (rows.filter((r) => r.id !== id).length < 4) {
        rows = await pages.page(
          { ...base, toolId: row.toolId, sort: 'hot' },
          { offset: 0, limit: 13 },
        );
      }
      return toItems(rows.filter((r) => r.id !== id).slice(0, 12), viewerId, false);
    },

    /** Owner only, from a succeeded task's image output; publishing twice answers the same id. */
    async publish(
      userId: string,
      body: {
        taskId: string;
        index: number;
        title: string;
        tags: string[];
        classifyIds?: string[];
        includeBefore: boolean;
        project?: string;
        projectId?: string;
      },
    ): Promise<GalleryPublishResult> {
      const task = await tasks.findOwnedTask(userId, body.taskId);
      if (!task) throw new AppError('TASK_NOT_FOUND');
      if (task.status !== 'succeeded' || task.outputs.length === 0) {
        throw new AppError('GALLERY_TASK_NOT_PUBLISHABLE');
      }
      const output = task.outputs[body.index];
      if (!output || output.kind !== 'image') throw new AppError('GALLERY_OUTPUT_INVALID');
      const caseOf = () =>
        body.projectId
          ? deps.caseOfProject(userId, body.projectId)
          : body.project
            ? deps.ensureCase(userId, maskPhones(body.project))
            : Promise.resolve(null);
      const existing = await repo.findByOutput(task.id, body.index);
      if (existing) {
        // Published before in no case: publishing it into a case moves it in.
        const caseId = existing.case_id === null ? await caseOf() : null;
        if (caseId) await repo.setCase(existing.id, caseId);
        return {
          id: existing.id,
          status: existing.status,
          statusMessage: statusMessage(existing.status, existing.status_reason),
        };
      }
      const [file] = await deps.files.ownedFiles(userId, [output.fileId]);
      if (!file) throw new AppError('GALLERY_OUTPUT_INVALID');
      const bytes = await deps.storage.read(file.storageKey);
      const beforeId = body.includeBefore ? [task.inputs[BEFORE_INPUT]].flat()[0] : undefined;
      const [before] = beforeId ? await deps.files.ownedFiles(userId, [beforeId]) : [];

      // Fail closed: a check that cannot run sends the picture to a person instead.
      const check = deps.moderate
        ? await deps.moderate(bytes).catch((e: unknown) => {
            deps.logger.warn({ err: e }, 'gallery moderation check failed');
            return 'failed' as const;
          })
        : undefined;
      const flagged = check === 'failed' || check?.flagged === true;
      const status: GalleryStatus = flagged ? 'pending_review' : 'published';
      const reason =
        check === 'failed'
          ? '自动审核暂不可用，等待人工审核'
          : flagged
            ? '系统检测到可能不适宜的内容'
            : null;
      const scores = check && check !== 'failed' ? check.scores : undefined;
      const at = iso();
      const hotBase = hotBaseOf(at);
      const title = maskPhones(body.title);
      const tags = [...new Set(body.tags.map(maskPhones))];
      const prompt = promptOf(task.params);
      const styleId = typeof task.params.style === 'string' ? task.params.style : '';
      const id = newId();
      const inserted = await repo.insertImage({
        id,
        user_id: userId,
        task_id: task.id,
        output_index: body.index,
        file_id: file.id,
        before_file_id: before?.id ?? null,
        width: file.width,
        height: file.height,
        placeholder: await placeholderOf(bytes),
        title,
        tags,
        classifyIds: body.classifyIds ?? (styleId ? [styleId] : []),
        tool_id: task.toolId,
        settings: shareableSettings(task.params),
        prompt,
        search_text: searchTextOf({ title, tags, prompt }),
        status,
        status_reason: reason,
        published_at: status === 'published' ? at : null,
        case_id: await caseOf(),
        nsfw: scores ? JSON.stringify(scores) : null,
        hot_base: hotBase,
        hot_score: hotBase,
        created_at: at,
        updated_at: at,
      });
      changed();
      if (!inserted) {
        // A concurrent publish of the same picture won: answer its id.
        const first = await repo.findByOutput(task.id, body.index);
        if (!first) throw new AppError('CONFLICT');
        return {
          id: first.id,
          status: first.status,
          statusMessage: statusMessage(first.status, first.status_reason),
        };
      }
      // Warm the thumbnail cache in both formats so the first viewers get it at once.
      for (const format of ['webp', 'jpeg'] as const) {
        await deps.files
          .thumbnail(file.id, { userId }, THUMB_WIDTH, format)
          .catch((e: unknown) => deps.logger.warn({ err: e, id }, 'gallery thumbnail failed'));
      }
      return { id, status, statusMessage: statusMessage(status, reason) };
    },

    /**
     * The author (or an admin, with asAdmin) unpublishes; others get 404. `inTransaction` (the
     * admin's audit row) commits or rolls back with the removal.
     */
    async unpublish(
      id: string,
      by: { userId?: string; asAdmin?: boolean },
      inTransaction?: InTransaction,
    ): Promise<void> {
      const image = await repo.findImage(id);
      if (!image || (!by.asAdmin && image.user_id !== by.userId)) {
        throw new AppError('GALLERY_NOT_FOUND');
      }
      if (!(await repo.deleteImage(id, inTransaction))) throw new AppError('GALLERY_NOT_FOUND');
      changed();
    },

    async collect(userId: string, id: string, collectionId?: string) {
      if (collectionId) {
        const c = await deps.db
          .selectFrom('gallery_collections')
          .select('id')
          .where('id', '=', collectionId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!c) throw new AppError('GALLERY_COLLECTION_NOT_FOUND');
      }
      const r = await repo.collect(userId, id, collectionId, iso());
      if (!r) throw new AppError('GALLERY_NOT_FOUND');
      return { collected: true, collectCount: r.count, collectionId: r.collectionId };
    },

    async unCollect(userId: string, id: string) {
      const count = await repo.unCollect(userId, id);
      if (count === undefined) throw new AppError('GALLERY_NOT_FOUND');
      return { collected: false, collectCount: count, collectionId: null };
    },

    /** The review queue (admin): pictures in one state, newest first, with reports and scores. */
    async reviewQueue(query: { status: GalleryStatus; current: number; pageSize: number }) {
      const filter: PageFilter = { status: query.status, keyword: { kind: 'none' }, sort: 'new' };
      const [rows, total] = await Promise.all([
        pages.page(filter, {
          offset: (query.current - 1) * query.pageSize,
          limit: query.pageSize,
        }),
        pages.count(filter),
      ]);
      const [items, reasons] = await Promise.all([
        toItems(rows, undefined, true),
        repo.reportReasons(rows.map((r) => r.id)),
      ]);
      return {
        list: items.map((item, i) => ({
          ...item,
          reportCount: rows[i]!.reportCount,
          reasons: reasons.get(item.id) ?? [],
          nsfw: rows[i]!.nsfw,
        })),
        total,
      };
    },

    /**
     * approve publishes (files public again); hide takes it off the square with the reason.
     * `inTransaction` (the admin's audit row) commits or rolls back with the move.
     */
    async review(
      id: string,
      action: 'approve' | 'hide',
      reason: string | undefined,
      inTransaction?: InTransaction,
    ) {
      const moved = await repo.setStatus(
        id,
        action === 'approve' ? 'published' : 'hidden',
        action === 'approve' ? null : reason?.trim() || null,
        iso(),
        { inTransaction },
      );
      if (!moved) throw new AppError('GALLERY_NOT_FOUND');
      changed();
    },

    async report(userId: string, id: string, reason: string): Promise<void> {
      const r = await repo.report(userId, id, reason, iso(), GALLERY_REPORTS_FOR_REVIEW);
      if (r === 'missing') throw new AppError('GALLERY_NOT_FOUND');
      changed();
    },
  };
};
