import { createHash, randomBytes } from 'node:crypto';
import type {
  CategoryAdmin,
  CategoryCreate,
  CategoryUpdate,
  ClassifyNode,
  MaterialAdmin,
  MaterialCreate,
  MaterialLibrary,
  MaterialUpdate,
} from '@huijing/contracts';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../config/clock';
import { AppError } from '../../http/app-error';
import type { AuditLog } from '../admin/audit.service';
import { createCatalogRepository } from './catalog.repository';
import type { CatalogRepository } from './catalog.repository';

/** A payload ready to serve: the data and a strong validator of its exact content. */
export type Snapshot<T> = { data: T; etag: string };

/** Deeper than this a picker stops being usable; the seed goes to level 4. */
const MAX_LEVEL = 5;
/**
 * Each API node caches its own snapshot and drops it on its own edits at once; other nodes see
 * an edit when their snapshot ages out. A minute keeps that lag well under the five minutes
 * clients may cache the response for anyway (Cache-Control max-age=300).
 */
const SNAPSHOT_TTL_MS = 60_000;

const etagOf = (data: unknown) =>
  `"${createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 27)}"`;

/** Readable and collision-safe: the parent's (or category's) id plus six random hex digits. */
const childId = (prefix: string) =>
  `${prefix.slice(0, 50).replace(/-+$/, '')}-${randomBytes(3).toString('hex')}`;

const cached = <T>(load: () => Promise<T>, now: Clock) => {
  let entry: { at: number; value: Promise<Snapshot<T>> } | undefined;
  return {
    get: (): Promise<Snapshot<T>> => {
      const t = now().getTime();
      if (!entry || t - entry.at > SNAPSHOT_TTL_MS) {
        const value = load().then((data) => ({ data, etag: etagOf(data) }));
        // A failed load must not stick: the next request tries again.
        value.catch(() => (entry = undefined));
        entry = { at: t, value };
      }
      return entry.value;
    },
    invalidate: () => {
      entry = undefined;
    },
  };
};

export type CatalogService = ReturnType<typeof createCatalogService>;

/**
 * The catalogue: cached public snapshots, and the console's edits, each written with its audit
 * row in one transaction (`audit.audited`); a snapshot is dropped only after the commit.
 */
export const createCatalogService = (deps: {
  repo: CatalogRepository;
  now: Clock;
  audit: Pick<AuditLog, 'audited'>;
}) => {
  const { repo, now, audit } = deps;
  const tree = cached(() => repo.loadTree(), now);
  const library = cached(() => repo.loadLibrary(), now);
  const stamp = () => now().toISOString();

  const categoryOrThrow = async (id: string, from: CatalogRepository = repo) => {
    const found = await from.findCategory(id);
    if (!found) throw new AppError('RESOURCE_NOT_FOUND', { message: '分类不存在' });
    return found;
  };
  const materialOrThrow = async (id: string, from: CatalogRepository = repo) => {
    const found = await from.findMaterial(id);
    if (!found) throw new AppError('RESOURCE_NOT_FOUND', { message: '材质不存在' });
    return found;
  };

  return {
    classifyTree: (): Promise<Snapshot<ClassifyNode[]>> => tree.get(),
    materialLibrary: (): Promise<Snapshot<MaterialLibrary>> => library.get(),

    listCategories: () => repo.listCategories(),

    async createCategory(request: FastifyRequest, input: CategoryCreate): Promise<CategoryAdmin> {
      const created = await audit.audited(request, 'catalog.category.create', async (trx) => {
        const inTrx = createCatalogRepository(trx);
        const parent = input.parentId ? await categoryOrThrow(input.parentId, inTrx) : undefined;
        const level = parent ? parent.level + 1 : 1;
        if (level > MAX_LEVEL)
          throw new AppError('VALIDATION_FAILED', { message: `分类最多 ${MAX_LEVEL} 级` });
        const id = input.id ?? childId(parent?.id ?? 'group');
        if (await inTrx.findCategory(id))
          throw new AppError('CONFLICT', { message: '分类编号已存在' });
        const max = await inTrx.maxChildSort(parent?.id ?? null);
        // A new top-level group always goes last: clients address groups by position.
        const sort = parent ? (input.sort ?? (max ?? 0) + 10) : (max ?? -1) + 1;
        const row = {
          id,
          parentId: parent?.id ?? null,
          level,
          name: input.name,
          nameEn: input.nameEn ?? null,
          sort,
          prompt: input.prompt,
          cover: input.cover ?? null,
          enabled: true,
        };
        const after = await inTrx.insertCategory(row, stamp());
        return { value: after, target: `category:${id}`, after };
      });
      tree.invalidate();
      return created;
    },

    async updateCategory(
      request: FastifyRequest,
      id: string,
      patch: CategoryUpdate,
    ): Promise<CategoryAdmin> {
      const updated = await audit.audited(request, 'catalog.category.update', async (trx) => {
        const inTrx = createCatalogRepository(trx);
        const before = await categoryOrThrow(id, inTrx);
        if (before.level === 1) {
          // Positions 0, 4, 6 and 33 mean something to every client (spec §9): moving or hiding
          // a group would shift every group after it.
          if (patch.sort !== undefined && patch.sort !== before.sort)
            throw new AppError('VALIDATION_FAILED', {
              message: '顶级分类的位置固定，不能调整排序',
            });
          if (patch.enabled === false)
            throw new AppError('VALIDATION_FAILED', {
              message: '顶级分类不能停用，请停用其下的分类',
            });
        }
        const after = (await inTrx.updateCategory(id, patch, stamp()))!;
        return { value: after, target: `category:${id}`, before, after };
      });
      tree.invalidate();
      return updated;
    },

    listMaterials: () => repo.listMaterials(),

    async createMaterial(request: FastifyRequest, input: MaterialCreate): Promise<MaterialAdmin> {
      const created = await audit.audited(request, 'catalog.material.create', async (trx) => {
        const inTrx = createCatalogRepository(trx);
        const id = input.id ?? childId(input.category);
        if (await inTrx.findMaterial(id))
          throw new AppError('CONFLICT', { message: '材质编号已存在' });
        const sort = input.sort ?? ((await inTrx.maxMaterialSort(input.category)) ?? 0) + 10;
        const row = {
          id,
          category: input.category,
          name: input.name,
          nameEn: input.nameEn ?? null,
          color: input.color,
          pattern: input.pattern,
          prompt: input.prompt,
          tags: input.tags,
          sort,
          enabled: true,
        };
        const after = await inTrx.insertMaterial(row, stamp());
        return { value: after, target: `material:${id}`, after };
      });
      library.invalidate();
      return created;
    },

    async updateMaterial(
      request: FastifyRequest,
      id: string,
      patch: MaterialUpdate,
    ): Promise<MaterialAdmin> {
      const updated = await audit.audited(request, 'catalog.material.update', async (trx) => {
        const inTrx = createCatalogRepository(trx);
        const before = await materialOrThrow(id, inTrx);
        const after = (await inTrx.updateMaterial(id, patch, stamp()))!;
        return { value: after, target: `material:${id}`, before, after };
      });
      library.invalidate();
      return updated;
    },
  };
};
