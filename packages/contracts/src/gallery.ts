import { z } from 'zod';
import { userTextSchema } from './security';
import { DEFAULT_PAGE_SIZE } from './common';

/**
 * The community gallery (灵感广场): published pictures, favourites (collects) filed into
 * collections, reports and the review states. Spec §7: /image/waterfall/page, /collect, /unCollect.
 */

/** A page asks for at most this many pictures; larger sizes are cut to it, not refused. */
export const GALLERY_PAGE_MAX = 50;
export const GALLERY_TITLE_MAX = 40;
export const GALLERY_TAG_MAX = 12;
export const GALLERY_TAGS_MAX = 8;
/** Distinct reporters after which a published picture waits for review. */
export const GALLERY_REPORTS_FOR_REVIEW = 3;

export const galleryStatuses = ['published', 'pending_review', 'hidden'] as const;
export type GalleryStatus = (typeof galleryStatuses)[number];

/** What the author reads about each state (the admin's reason is appended when given). */
export const galleryStatusMessages: Record<GalleryStatus, string> = {
  published: '已发布到灵感广场，所有人可见',
  pending_review: '正在审核中，审核通过后会出现在灵感广场',
  hidden: '未通过审核，已从灵感广场隐藏',
};

const idSchema = z.string().trim().min(1, { message: '缺少图片 id' }).max(64);

/** `?id=` of collect, unCollect and report (spec §3: the image id). */
export const galleryIdQuerySchema = z.object({ id: idSchema });
export const galleryIdParamsSchema = z.object({ id: idSchema });

export const gallerySorts = ['new', 'hot'] as const;
export const galleryScopes = ['all', 'mine', 'collected'] as const;

const positiveInt = (what: string) =>
  z.coerce
    .number({ message: `${what}必须是数字` })
    .int({ message: `${what}必须是整数` })
    .min(1, { message: `${what}必须大于 0` });

export const galleryPageQuerySchema = z.object({
  current: positiveInt('页码').max(100_000, { message: '页码过大' }).default(1),
  // Capped rather than refused: an old client asking for 100 still gets a page.
  pageSize: positiveInt('每页数量')
    .default(DEFAULT_PAGE_SIZE)
    .transform((n) => Math.min(n, GALLERY_PAGE_MAX)),
  cursor: z.string().trim().max(200).optional(),
  keyword: z.string().trim().max(40, { message: '搜索词最多 40 个字' }).optional(),
  classifyId: z.string().trim().max(64).optional(),
  tool: z.string().trim().max(64).optional(),
  authorId: z.string().trim().max(64).optional(),
  /** A collection's pictures (the collection page); private ones only for their owner. */
  collectionId: z.string().trim().max(64).optional(),
  /** A case's pictures (/insHomeByCase/<id>). */
  caseId: z.string().trim().max(64).optional(),
  sort: z.enum(gallerySorts, { message: '排序只能是 new 或 hot' }).default('new'),
  scope: z.enum(galleryScopes, { message: '范围只能是 all、mine 或 collected' }).default('all'),
});
export type GalleryPageQuery = z.infer<typeof galleryPageQuerySchema>;

export const galleryAuthorSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
});
export type GalleryAuthor = z.infer<typeof galleryAuthorSchema>;

export const galleryItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  thumbUrl: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** A tiny blurred image (data URL) shown until the thumbnail loads. */
  placeholder: z.string(),
  tool: z.string(),
  tags: z.array(z.string()),
  classifyIds: z.array(z.string()),
  author: galleryAuthorSchema,
  collected: z.boolean(),
  collectCount: z.number().int(),
  /** The original upload, only when the author chose to show it (before/after slider). */
  before: z
    .object({ url: z.string(), thumbUrl: z.string(), width: z.number(), height: z.number() })
    .nullable(),
  /** Only on the author's own pictures (scope mine): the review state and its message. */
  status: z.enum(galleryStatuses).optional(),
  statusMessage: z.string().optional(),
  createdAt: z.string(),
});
export type GalleryItem = z.infer<typeof galleryItemSchema>;

export const galleryPageSchema = z.object({
  list: z.array(galleryItemSchema),
  total: z.number().int(),
  current: z.number().int(),
  pageSize: z.number().int(),
  /** Pass back as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type GalleryPage = z.infer<typeof galleryPageSchema>;

/** GET /api/image/{id}: one picture with the settings 做同款 fills in. */
export const galleryDetailSchema = galleryItemSchema.extend({
  /** The tool's non-sensitive settings (style, prompt text …), never its input images. */
  settings: z.record(z.string(), z.unknown()),
  prompt: z.string(),
});
export type GalleryDetail = z.infer<typeof galleryDetailSchema>;

const tagSchema = userTextSchema(GALLERY_TAG_MAX, {
  label: '标签',
  min: 1,
  tooLong: `每个标签最多 ${GALLERY_TAG_MAX} 个字`,
});

/** A case (project) name: the author's own words, e.g. 「万科城 三室两厅」. */
export const GALLERY_CASE_NAME_MAX = 40;
export const galleryCaseNameSchema = userTextSchema(GALLERY_CASE_NAME_MAX, {
  label: '项目名称',
  min: 1,
  tooShort: '请填写项目名称',
});

export const galleryPublishBodySchema = z.object({
  taskId: z.string().trim().min(1, { message: '缺少任务 id' }).max(64),
  index: z.coerce.number().int().min(0).max(63).default(0),
  title: userTextSchema(GALLERY_TITLE_MAX, { label: '标题', min: 1, tooShort: '请填写标题' }),
  tags: z
    .array(tagSchema)
    .max(GALLERY_TAGS_MAX, { message: `最多 ${GALLERY_TAGS_MAX} 个标签` })
    .default([]),
  classifyIds: z.array(z.string().trim().min(1).max(64)).max(3).optional(),
  includeBefore: z.boolean().default(false),
  /** The case (project) it belongs to, by name: created on first use, per author. */
  project: galleryCaseNameSchema.optional(),
  /**
   * Or the author's works project as the case: its case, made on first use with the
   * project's name and linked to it (wins over `project`).
   */
  projectId: z.string().trim().min(1).max(64).optional(),
});
export type GalleryPublishBody = z.input<typeof galleryPublishBodySchema>;

/** GET /api/image/publish/context?taskId= — what the publish dialog preselects for a work. */
export const galleryPublishContextQuerySchema = z.object({
  taskId: z.string().trim().min(1, { message: '缺少任务 id' }).max(64),
});
export const galleryPublishContextSchema = z.object({
  /** The works project the work is in (offered as its case); null: in none. */
  project: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type GalleryPublishContext = z.infer<typeof galleryPublishContextSchema>;

/** POST /api/image/publish/project: a whole works project as one case. */
export const GALLERY_PROJECT_PUBLISH_MAX = 30;
export const galleryPublishProjectBodySchema = z.object({
  projectId: z.string().trim().min(1, { message: '请选择项目' }).max(64),
  tags: z
    .array(tagSchema)
    .max(GALLERY_TAGS_MAX, { message: `最多 ${GALLERY_TAGS_MAX} 个标签` })
    .default([]),
  classifyIds: z.array(z.string().trim().min(1).max(64)).max(3).optional(),
});
export type GalleryPublishProjectBody = z.input<typeof galleryPublishProjectBodySchema>;
export const galleryPublishProjectResultSchema = z.object({
  caseId: z.string(),
  /** Result pictures published by this call, or found published already (then moved into the
   * case when they were in none). */
  published: z.number().int().min(0),
  /** Of those, waiting for review (the automatic check flagged them). */
  pendingReview: z.number().int().min(0),
  /** Result pictures of the project left out beyond GALLERY_PROJECT_PUBLISH_MAX. */
  leftOut: z.number().int().min(0),
});
export type GalleryPublishProjectResult = z.infer<typeof galleryPublishProjectResultSchema>;

export const galleryPublishResultSchema = z.object({
  id: z.string(),
  status: z.enum(galleryStatuses),
  statusMessage: z.string(),
});
export type GalleryPublishResult = z.infer<typeof galleryPublishResultSchema>;

export const galleryCollectQuerySchema = galleryIdQuerySchema.extend({
  /** The collection to file into; the user's default collection when absent. */
  collectionId: z.string().trim().min(1).max(64).optional(),
});

export const galleryCollectResultSchema = z.object({
  collected: z.boolean(),
  collectCount: z.number().int(),
  collectionId: z.string().nullable(),
});
export type GalleryCollectResult = z.infer<typeof galleryCollectResultSchema>;

export const galleryReportBodySchema = z.object({
  reason: userTextSchema(200, {
    label: '举报原因',
    min: 1,
    multiline: true,
    tooShort: '请选择或填写举报原因',
  }),
});

export const galleryCollectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  isPublic: z.boolean(),
  isDefault: z.boolean(),
  /** The owner's words about it; empty when none. */
  description: z.string(),
  count: z.number().int(),
  cover: z.string().nullable(),
  owner: galleryAuthorSchema,
  updatedAt: z.string(),
});
export type GalleryCollection = z.infer<typeof galleryCollectionSchema>;

export const galleryCollectionsQuerySchema = z.object({
  /** Another user's public collections ("更多合集"); the caller's own (all) when absent. */
  userId: z.string().trim().max(64).optional(),
});

const collectionNameSchema = userTextSchema(20, {
  label: '合集名称',
  min: 1,
  tooShort: '请填写合集名称',
});

const collectionDescriptionSchema = userTextSchema(200, { label: '合集简介', multiline: true });

export const galleryCollectionCreateSchema = z.object({
  name: collectionNameSchema,
  description: collectionDescriptionSchema.optional(),
  isPublic: z.boolean().default(true),
});
export const galleryCollectionUpdateSchema = z.object({
  name: collectionNameSchema.optional(),
  description: collectionDescriptionSchema.optional(),
  isPublic: z.boolean().optional(),
  coverImageId: z.string().trim().min(1).max(64).nullable().optional(),
});
export const galleryMoveBodySchema = z.object({
  imageIds: z.array(z.string().trim().min(1).max(64)).min(1).max(50),
  toCollectionId: z.string().trim().min(1).max(64),
});

/** Admin review (under /api/user/manage/gallery). */
export const galleryReviewQuerySchema = z.object({
  status: z.enum(galleryStatuses).default('pending_review'),
  current: positiveInt('页码').default(1),
  pageSize: positiveInt('每页数量')
    .default(20)
    .transform((n) => Math.min(n, GALLERY_PAGE_MAX)),
});
export const galleryReviewItemSchema = galleryItemSchema.extend({
  reportCount: z.number().int(),
  reasons: z.array(z.string()),
  nsfw: z.record(z.string(), z.number()).nullable(),
});
export const galleryReviewPageSchema = z.object({
  list: z.array(galleryReviewItemSchema),
  total: z.number().int(),
});
export const galleryReviewActionSchema = z.object({
  action: z.enum(['approve', 'hide']),
  reason: userTextSchema(200, { label: '原因', multiline: true }).optional(),
});

/** Cases: an author's project, its published pictures together (/caseHome, /classifyCase …). */
export const galleryCaseQuerySchema = z.object({
  current: positiveInt('页码').max(100_000, { message: '页码过大' }).default(1),
  pageSize: positiveInt('每页数量')
    .default(DEFAULT_PAGE_SIZE)
    .transform((n) => Math.min(n, GALLERY_PAGE_MAX)),
  classifyId: z.string().trim().max(64).optional(),
  authorId: z.string().trim().max(64).optional(),
  /** mine: the caller's cases, pictures in any review state counted. */
  scope: z.enum(['all', 'mine'], { message: '范围只能是 all 或 mine' }).default('all'),
});
export const galleryCaseSchema = z.object({
  id: z.string(),
  name: z.string(),
  author: galleryAuthorSchema,
  /** Pictures shown (published; with scope mine, every state). */
  count: z.number().int(),
  /** The newest published picture. */
  cover: z
    .object({
      thumbUrl: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      placeholder: z.string(),
    })
    .nullable(),
  updatedAt: z.string(),
});
export type GalleryCase = z.infer<typeof galleryCaseSchema>;
export const galleryCasePageSchema = z.object({
  list: z.array(galleryCaseSchema),
  total: z.number().int(),
});
export type GalleryCasePage = z.infer<typeof galleryCasePageSchema>;
