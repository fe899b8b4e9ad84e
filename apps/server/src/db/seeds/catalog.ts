import type { Kysely } from 'kysely';
import {
  classifyGroupId,
  classifyGroups,
  materialCategorySchema,
  swatchPatternSchema,
} from '@huijing/contracts';
import type { ClassifyGroup } from '@huijing/contracts';
import { createCatalogRepository } from '../../modules/catalog/catalog.repository';
import type { CategoryRow, MaterialRow } from '../../modules/catalog/catalog.repository';
import type { Database } from '../schema';
import { materialsSeed } from './catalog-materials';
import { taxonomyPartOne } from './catalog-taxonomy';
import { taxonomyPartTwo } from './catalog-taxonomy-more';

/** Siblings are spaced by 10 so an admin can slot a new category between two seeded ones. */
const SORT_STEP = 10;

/**
 * Parses the indented taxonomy text into rows. Throws on a malformed line, a duplicate id or a
 * top-level group out of its fixed position, so a bad edit of the seed fails every test run.
 */
export const parseTaxonomy = (text: string): CategoryRow[] => {
  const rows: CategoryRow[] = [];
  const stack: CategoryRow[] = [];
  const siblings = new Map<string | null, number>();
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const indent = line.length - line.trimStart().length;
    if (indent % 2 !== 0) throw new Error(`catalogue seed: odd indent in "${line}"`);
    const level = indent / 2 + 1;
    const [key, name, nameEn, prompt = ''] = line.trim().split('|');
    if (!key || !name || !nameEn) throw new Error(`catalogue seed: malformed line "${line}"`);
    stack.length = level - 1;
    const parent = stack[level - 2];
    if (level > 1 && !parent) throw new Error(`catalogue seed: "${key}" has no parent`);
    let id = key;
    let sort: number;
    if (level === 1) {
      const position = classifyGroups[key as ClassifyGroup];
      if (position === undefined) throw new Error(`catalogue seed: unknown group "${key}"`);
      const expected = siblings.get(null) ?? 0;
      if (position !== expected)
        throw new Error(
          `catalogue seed: group "${key}" at ${expected}, its position is ${position}`,
        );
      id = classifyGroupId(key as ClassifyGroup);
      sort = position;
      siblings.set(null, expected + 1);
    } else {
      const count = siblings.get(parent!.id) ?? 0;
      sort = (count + 1) * SORT_STEP;
      siblings.set(parent!.id, count + 1);
    }
    if (seen.has(id)) throw new Error(`catalogue seed: duplicate id "${id}"`);
    seen.add(id);
    const row: CategoryRow = {
      id,
      parentId: parent?.id ?? null,
      level,
      name,
      nameEn,
      sort,
      prompt,
      cover: null,
      enabled: true,
    };
    rows.push(row);
    stack.push(row);
  }
  return rows;
};

export const parseMaterials = (text: string): MaterialRow[] => {
  const perCategory = new Map<string, number>();
  const seen = new Set<string>();
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((line) => {
      const [id, name, nameEn, category, color, pattern, prompt, tags] = line.trim().split('|');
      if (!id || !name || !color || !/^#[0-9a-f]{6}$/i.test(color) || seen.has(id))
        throw new Error(`catalogue seed: bad material line "${line}"`);
      seen.add(id);
      const cat = materialCategorySchema.parse(category);
      const count = (perCategory.get(cat) ?? 0) + 1;
      perCategory.set(cat, count);
      return {
        id,
        name,
        nameEn: nameEn ?? null,
        category: cat,
        color,
        pattern: swatchPatternSchema.parse(pattern),
        prompt: prompt ?? '',
        tags: tags ? tags.split(',') : [],
        sort: count * SORT_STEP,
        enabled: true,
      };
    });
};

export const seededCategories = (): CategoryRow[] =>
  parseTaxonomy(`${taxonomyPartOne}\n${taxonomyPartTwo}`);
export const seededMaterials = (): MaterialRow[] => parseMaterials(materialsSeed);

/**
 * Idempotent: inserts only categories and materials whose id is absent, so admin edits (renames,
 * disabling, new entries) survive every boot. Returns how many rows were inserted now.
 */
export const seedCatalog = async (db: Kysely<Database>, at = new Date().toISOString()) => {
  const repo = createCatalogRepository(db);
  const categories = await repo.insertCategoriesIfAbsent(seededCategories(), at);
  const materials = await repo.insertMaterialsIfAbsent(seededMaterials(), at);
  return { categories, materials };
};
