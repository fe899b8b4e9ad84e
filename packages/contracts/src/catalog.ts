import { z } from 'zod';
import { userTextSchema } from './security';
import type { ClassifyNode } from './catalog-groups';

export * from './catalog-groups';

/**
 * The catalogue: the category tree of GET /api/ai/getAllClassify and the materials library of
 * GET /api/ai/getAllSuCai (spec §3, §7, §9). apps/server/src/modules/catalog/README.md explains
 * the positions; the constants below are the code's copy of that table.
 */

export const categoryIdSchema = z
  .string()
  .min(2)
  .max(64)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, '分类编号只能包含小写字母、数字和连字符');

const nodeFields = {
  id: z.string(),
  parentId: z.string().nullable(),
  /** 1 for top-level groups. */
  level: z.number().int().min(1),
  name: z.string(),
  nameEn: z.string().nullable(),
  sort: z.number().int(),
  /** The fragment a pick contributes to the generation prompt (English, as models read it). */
  prompt: z.string(),
  cover: z.string().nullable(),
};

export const classifyNodeSchema: z.ZodType<ClassifyNode> = z.lazy(() =>
  z.object({
    ...nodeFields,
    classifyId2: z.string().optional(),
    classifyId3: z.string().optional(),
    children: z.array(classifyNodeSchema).optional(),
    childrens: z.array(classifyNodeSchema).optional(),
  }),
);
/** getAllClassify data: the top-level groups in position order. */
export const classifyTreeSchema = z.array(classifyNodeSchema);

/** One entry of a flattened group: a leaf with the names of the branches above it. */
export const classifyFlatItemSchema = z.object({
  ...nodeFields,
  classifyId2: z.string().optional(),
  classifyId3: z.string().optional(),
  /** Names from the group down to the parent, e.g. ["室内风格", "中式"]. */
  path: z.array(z.string()),
});
export type ClassifyFlatItem = z.infer<typeof classifyFlatItemSchema>;

// ---- admin edits -------------------------------------------------------------------------

export const categoryAdminSchema = z.object({
  ...nodeFields,
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type CategoryAdmin = z.infer<typeof categoryAdminSchema>;

export const categoryCreateSchema = z.object({
  /** Optional readable id; generated from the parent when omitted. */
  id: categoryIdSchema.optional(),
  /** Null or omitted creates a top-level group, appended after the existing ones. */
  parentId: z.string().nullable().optional(),
  name: userTextSchema(40, { label: '分类名称', min: 1, tooShort: '请填写分类名称' }),
  nameEn: z.string().trim().max(80).nullable().optional(),
  sort: z.number().int().min(0).max(100_000).optional(),
  prompt: z.string().trim().max(500).default(''),
  cover: z.string().trim().max(2000).nullable().optional(),
});
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;

export const categoryUpdateSchema = z
  .object({
    name: userTextSchema(40, { label: '分类名称', min: 1, tooShort: '请填写分类名称' }),
    nameEn: z.string().trim().max(80).nullable(),
    sort: z.number().int().min(0).max(100_000),
    prompt: z.string().trim().max(500),
    cover: z.string().trim().max(2000).nullable(),
    /** false hides the category (and what is under it) from getAllClassify; nothing is deleted. */
    enabled: z.boolean(),
  })
  .partial();
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

export const catalogIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

// ---- materials ---------------------------------------------------------------------------

/** Material categories of the library, in display order. */
export const materialCategories = {
  floor: { 'zh-CN': '地板', 'en-US': 'Flooring' },
  wall: { 'zh-CN': '墙面', 'en-US': 'Wall finishes' },
  stone: { 'zh-CN': '石材', 'en-US': 'Stone' },
  'wood-veneer': { 'zh-CN': '木饰面', 'en-US': 'Wood veneer' },
  metal: { 'zh-CN': '金属', 'en-US': 'Metal' },
  fabric: { 'zh-CN': '布艺', 'en-US': 'Fabric' },
  leather: { 'zh-CN': '皮革', 'en-US': 'Leather' },
  glass: { 'zh-CN': '玻璃', 'en-US': 'Glass' },
  tile: { 'zh-CN': '瓷砖', 'en-US': 'Tile' },
  paint: { 'zh-CN': '涂料', 'en-US': 'Paint' },
  concrete: { 'zh-CN': '水泥与微水泥', 'en-US': 'Concrete' },
  carpet: { 'zh-CN': '地毯', 'en-US': 'Carpet' },
} as const;
export type MaterialCategory = keyof typeof materialCategories;
export const materialCategorySchema = z.enum(
  Object.keys(materialCategories) as [MaterialCategory, ...MaterialCategory[]],
);

/** How a swatch is drawn: an honest little picture of the surface, generated, never fetched. */
export const swatchPatterns = [
  'wood-grain',
  'wood-herringbone',
  'marble',
  'terrazzo',
  'tile-grid',
  'brick',
  'fabric-weave',
  'leather',
  'brushed-metal',
  'glass',
  'plain',
  'concrete',
  'carpet',
] as const;
export const swatchPatternSchema = z.enum(swatchPatterns);
export type SwatchPattern = z.infer<typeof swatchPatternSchema>;

const hexColorSchema = z.string().regex(/^#[0-9a-f]{6}$/i, '颜色须为 #RRGGBB');

export const materialSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  category: materialCategorySchema,
  /** Base colour and an SVG data URL of the surface (pattern drawn in that colour). */
  swatch: z.object({ color: hexColorSchema, pattern: swatchPatternSchema, image: z.string() }),
  prompt: z.string(),
  tags: z.array(z.string()),
  sort: z.number().int(),
});
export type Material = z.infer<typeof materialSchema>;

/** getAllSuCai data: the library grouped by category, categories in display order. */
export const materialLibrarySchema = z.array(
  z.object({
    id: materialCategorySchema,
    name: z.string(),
    nameEn: z.string(),
    materials: z.array(materialSchema),
  }),
);
export type MaterialLibrary = z.infer<typeof materialLibrarySchema>;

export const materialAdminSchema = materialSchema.extend({
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type MaterialAdmin = z.infer<typeof materialAdminSchema>;

export const materialCreateSchema = z.object({
  id: categoryIdSchema.optional(),
  name: userTextSchema(40, { label: '材质名称', min: 1, tooShort: '请填写材质名称' }),
  nameEn: z.string().trim().max(80).nullable().optional(),
  category: materialCategorySchema,
  color: hexColorSchema,
  pattern: swatchPatternSchema,
  prompt: z.string().trim().max(500).default(''),
  tags: z
    .array(userTextSchema(20, { label: '标签', min: 1 }))
    .max(12)
    .default([]),
  sort: z.number().int().min(0).max(100_000).optional(),
});
export type MaterialCreate = z.infer<typeof materialCreateSchema>;

export const materialUpdateSchema = z
  .object({
    name: userTextSchema(40, { label: '材质名称', min: 1, tooShort: '请填写材质名称' }),
    nameEn: z.string().trim().max(80).nullable(),
    category: materialCategorySchema,
    color: hexColorSchema,
    pattern: swatchPatternSchema,
    prompt: z.string().trim().max(500),
    tags: z.array(userTextSchema(20, { label: '标签', min: 1 })).max(12),
    sort: z.number().int().min(0).max(100_000),
    enabled: z.boolean(),
  })
  .partial();
export type MaterialUpdate = z.infer<typeof materialUpdateSchema>;
