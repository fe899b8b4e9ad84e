import type {
  CategoryAdmin,
  ClassifyNode,
  Material,
  MaterialAdmin,
  MaterialCategory,
  SwatchPattern,
} from '@huijing/contracts';
import { materialCategories } from '@huijing/contracts';
import type { InsertResult, Kysely, Selectable } from 'kysely';
import type { CategoriesTable, Database, MaterialsTable } from '../../db/schema';
import { swatchImage } from './material-swatch';

export type CategoryRow = {
  id: string;
  parentId: string | null;
  level: number;
  name: string;
  nameEn: string | null;
  sort: number;
  prompt: string;
  cover: string | null;
  enabled: boolean;
};
export type MaterialRow = {
  id: string;
  category: MaterialCategory;
  name: string;
  nameEn: string | null;
  color: string;
  pattern: SwatchPattern;
  prompt: string;
  tags: string[];
  sort: number;
  enabled: boolean;
};

const toCategoryAdmin = (r: Selectable<CategoriesTable>): CategoryAdmin => ({
  id: r.id,
  parentId: r.parent_id,
  level: r.level,
  name: r.name,
  nameEn: r.name_en,
  sort: r.sort,
  prompt: r.prompt,
  cover: r.cover,
  enabled: r.enabled === 1,
  updatedAt: r.updated_at,
});

const toMaterial = (r: Selectable<MaterialsTable>): Material => ({
  id: r.id,
  name: r.name,
  nameEn: r.name_en,
  category: r.category as MaterialCategory,
  swatch: {
    color: r.color,
    pattern: r.pattern as SwatchPattern,
    image: swatchImage(r.color, r.pattern as SwatchPattern, r.id),
  },
  prompt: r.prompt,
  tags: JSON.parse(r.tags) as string[],
  sort: r.sort,
});
const toMaterialAdmin = (r: Selectable<MaterialsTable>): MaterialAdmin => ({
  ...toMaterial(r),
  enabled: r.enabled === 1,
  updatedAt: r.updated_at,
});

const subListKey = (childLevel: number) => (childLevel >= 3 ? 'childrens' : 'children');

/**
 * Assembles the public tree from rows sorted by (sort, id). A disabled node is left out with
 * everything under it. Spec §3: sub-lists holding level 3 and deeper are named `childrens`, and
 * those nodes carry classifyId2/classifyId3 (their level-2 and level-3 ancestors).
 */
export const assembleTree = (rows: Selectable<CategoriesTable>[]): ClassifyNode[] => {
  const byParent = new Map<string | null, Selectable<CategoriesTable>[]>();
  for (const r of rows) {
    if (r.enabled !== 1) continue;
    const list = byParent.get(r.parent_id) ?? [];
    list.push(r);
    byParent.set(r.parent_id, list);
  }
  const build = (r: Selectable<CategoriesTable>, ancestors: string[]): ClassifyNode => {
    const path = [...ancestors, r.id];
    const node: ClassifyNode = {
      id: r.id,
      parentId: r.parent_id,
      level: r.level,
      name: r.name,
      nameEn: r.name_en,
      sort: r.sort,
      prompt: r.prompt,
      cover: r.cover,
      ...(r.level >= 3 && { classifyId2: path[1], classifyId3: path[2] }),
    };
    const kids = byParent.get(r.id);
    if (kids?.length) node[subListKey(r.level + 1)] = kids.map((k) => build(k, path));
    return node;
  };
  return (byParent.get(null) ?? []).map((r) => build(r, []));
};

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

export const createCatalogRepository = (db: Kysely<Database>) => ({
  /** The whole enabled tree in one query; assembled in memory (a few hundred rows). */
  async loadTree(): Promise<ClassifyNode[]> {
    const rows = await db
      .selectFrom('categories')
      .selectAll()
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return assembleTree(rows);
  },

  /** Enabled materials grouped by category, categories in the library's display order. */
  async loadLibrary() {
    const rows = await db
      .selectFrom('materials')
      .selectAll()
      .where('enabled', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return (Object.keys(materialCategories) as MaterialCategory[]).map((id) => ({
      id,
      name: materialCategories[id]['zh-CN'],
      nameEn: materialCategories[id]['en-US'],
      materials: rows.filter((r) => r.category === id).map(toMaterial),
    }));
  },

  async listCategories(): Promise<CategoryAdmin[]> {
    const rows = await db
      .selectFrom('categories')
      .selectAll()
      .orderBy('level')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map(toCategoryAdmin);
  },

  async findCategory(id: string): Promise<CategoryAdmin | undefined> {
    const row = await db
      .selectFrom('categories')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toCategoryAdmin(row);
  },

  /** The highest sort among a parent's children (top-level groups when parentId is null). */
  async maxChildSort(parentId: string | null): Promise<number | undefined> {
    const row = await db
      .selectFrom('categories')
      .select((eb) => eb.fn.max('sort').as('max'))
      .where('parent_id', parentId === null ? 'is' : '=', parentId)
      .executeTakeFirst();
    return row?.max === null || row?.max === undefined ? undefined : Number(row.max);
  },

  async insertCategory(c: CategoryRow, at: string): Promise<CategoryAdmin> {
    await db
      .insertInto('categories')
      .values({
        id: c.id,
        parent_id: c.parentId,
        level: c.level,
        name: c.name,
        name_en: c.nameEn,
        sort: c.sort,
        prompt: c.prompt,
        cover: c.cover,
        enabled: c.enabled ? 1 : 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return (await this.findCategory(c.id))!;
  },

  async updateCategory(
    id: string,
    patch: Partial<Omit<CategoryRow, 'id' | 'parentId' | 'level'>>,
    at: string,
  ): Promise<CategoryAdmin | undefined> {
    await db
      .updateTable('categories')
      .set({
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.nameEn !== undefined && { name_en: patch.nameEn }),
        ...(patch.sort !== undefined && { sort: patch.sort }),
        ...(patch.prompt !== undefined && { prompt: patch.prompt }),
        ...(patch.cover !== undefined && { cover: patch.cover }),
        ...(patch.enabled !== undefined && { enabled: patch.enabled ? 1 : 0 }),
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
    return this.findCategory(id);
  },

  /** Seeds: rows whose id exists are left alone, so an admin's edits survive every boot. */
  async insertCategoriesIfAbsent(rows: CategoryRow[], at: string): Promise<number> {
    const values = rows.map((c) => ({
      id: c.id,
      parent_id: c.parentId,
      level: c.level,
      name: c.name,
      name_en: c.nameEn,
      sort: c.sort,
      prompt: c.prompt,
      cover: c.cover,
      enabled: c.enabled ? 1 : 0,
      created_at: at,
      updated_at: at,
    }));
    return inBatches(values, (batch) =>
      db
        .insertInto('categories')
        .values(batch)
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirstOrThrow(),
    );
  },

  async listMaterials(): Promise<MaterialAdmin[]> {
    const rows = await db
      .selectFrom('materials')
      .selectAll()
      .orderBy('category')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map(toMaterialAdmin);
  },

  async findMaterial(id: string): Promise<MaterialAdmin | undefined> {
    const row = await db
      .selectFrom('materials')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toMaterialAdmin(row);
  },

  async maxMaterialSort(category: MaterialCategory): Promise<number | undefined> {
    const row = await db
      .selectFrom('materials')
      .select((eb) => eb.fn.max('sort').as('max'))
      .where('category', '=', category)
      .executeTakeFirst();
    return row?.max === null || row?.max === undefined ? undefined : Number(row.max);
  },

  async insertMaterial(m: MaterialRow, at: string): Promise<MaterialAdmin> {
    await db.insertInto('materials').values(materialValues(m, at)).execute();
    return (await this.findMaterial(m.id))!;
  },

  async updateMaterial(
    id: string,
    patch: Partial<Omit<MaterialRow, 'id'>>,
    at: string,
  ): Promise<MaterialAdmin | undefined> {
    await db
      .updateTable('materials')
      .set({
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.nameEn !== undefined && { name_en: patch.nameEn }),
        ...(patch.category !== undefined && { category: patch.category }),
        ...(patch.color !== undefined && { color: patch.color.toLowerCase() }),
        ...(patch.pattern !== undefined && { pattern: patch.pattern }),
        ...(patch.prompt !== undefined && { prompt: patch.prompt }),
        ...(patch.tags !== undefined && { tags: JSON.stringify(patch.tags) }),
        ...(patch.sort !== undefined && { sort: patch.sort }),
        ...(patch.enabled !== undefined && { enabled: patch.enabled ? 1 : 0 }),
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
    return this.findMaterial(id);
  },

  async insertMaterialsIfAbsent(rows: MaterialRow[], at: string): Promise<number> {
    return inBatches(
      rows.map((m) => materialValues(m, at)),
      (batch) =>
        db
          .insertInto('materials')
          .values(batch)
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirstOrThrow(),
    );
  },
});

const materialValues = (m: MaterialRow, at: string) => ({
  id: m.id,
  category: m.category,
  name: m.name,
  name_en: m.nameEn,
  color: m.color.toLowerCase(),
  pattern: m.pattern,
  prompt: m.prompt,
  tags: JSON.stringify(m.tags),
  sort: m.sort,
  enabled: m.enabled ? 1 : 0,
  created_at: at,
  updated_at: at,
});

/** Batches keep each statement well under SQLite's bound-parameter limit. */
const inBatches = async <V>(
  values: V[],
  insert: (batch: V[]) => Promise<InsertResult>,
): Promise<number> => {
  let inserted = 0;
  for (let i = 0; i < values.length; i += 100) {
    const result = await insert(values.slice(i, i + 100));
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
};
