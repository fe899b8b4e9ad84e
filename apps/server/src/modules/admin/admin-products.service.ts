import type {
  AdminProduct,
  AdminProductCreate,
  AdminProductUpdate,
  Page,
} from '@huijing/contracts';
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { CoreContainer } from '../../core/deps';
import { AppError } from '../../http/app-error';
import { toProduct } from '../orders/orders.repository';
import type { ProductsTable } from '../orders/orders.schema';
import type { AuditLog } from './audit.service';

const toAdminProduct = (row: Selectable<ProductsTable>): AdminProduct => ({
  ...toProduct(row),
  stockTotal: row.stock == null ? null : Number(row.stock),
  sold: Number(row.sold),
  sort: Number(row.sort),
  updatedAt: row.updated_at,
});

const toColumns = (u: Partial<AdminProductCreate>): Partial<Selectable<ProductsTable>> => ({
  ...(u.name !== undefined && { name: u.name }),
  ...(u.description !== undefined && { description: u.description }),
  ...(u.priceFen !== undefined && { price_fen: u.priceFen }),
  ...(u.originalPriceFen !== undefined && { original_price_fen: u.originalPriceFen }),
  ...(u.stock !== undefined && { stock: u.stock }),
  ...(u.onSale !== undefined && { on_sale: u.onSale ? 1 : 0 }),
  ...(u.tickets !== undefined && {
    grants: JSON.stringify(Object.fromEntries(Object.entries(u.tickets).filter(([, n]) => n > 0))),
  }),
  ...(u.vipDays !== undefined && { vip_days: u.vipDays }),
  ...(u.vipTier !== undefined && { vip_tier: u.vipTier }),
  ...(u.perUserLimit !== undefined && { per_user_limit: u.perUserLimit }),
  ...(u.startsAt !== undefined && {
    starts_at: u.startsAt && new Date(u.startsAt).toISOString(),
  }),
  ...(u.endsAt !== undefined && { ends_at: u.endsAt && new Date(u.endsAt).toISOString() }),
  ...(u.sort !== undefined && { sort: u.sort }),
});

/**
 * The catalogue for the console: every product (on sale or not), edits and new packs and plans.
 * Each change writes its audit entry (before/after) in the same transaction. Orders freeze what
 * they grant at purchase, so an edit never changes an order already placed.
 */
export const createAdminProductsService = (deps: { core: CoreContainer; audit: AuditLog }) => {
  const db = deps.core.database.db;
  const find = (id: string, trx = db) =>
    trx.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();

  return {
    async page(q: {
      current: number;
      pageSize: number;
      kind?: ProductsTable['kind'];
      onSale?: 'true' | 'false';
      keyword?: string;
    }): Promise<Page<AdminProduct>> {
      let query = db.selectFrom('products');
      if (q.kind) query = query.where('kind', '=', q.kind);
      if (q.onSale) query = query.where('on_sale', '=', q.onSale === 'true' ? 1 : 0);
      if (q.keyword) {
        const like = `%${q.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([
            sql<boolean>`lower(id) like ${like} escape '\\'`,
            sql<boolean>`lower(name) like ${like} escape '\\'`,
          ]),
        );
      }
      const total = await query
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      const rows = await query
        .selectAll()
        .orderBy('sort')
        .orderBy('id')
        .limit(q.pageSize)
        .offset((q.current - 1) * q.pageSize)
        .execute();
      return {
        list: rows.map(toAdminProduct),
        total: Number(total.n),
        page: q.current,
        pageSize: q.pageSize,
      };
    },

    async update(request: FastifyRequest, id: string, update: AdminProductUpdate) {
      const at = deps.core.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const row = await find(id, trx);
        if (!row) throw new AppError('PRODUCT_NOT_FOUND');
        if (update.stock != null && update.stock < Number(row.sold)) {
          throw new AppError('VALIDATION_FAILED', {
            message: `库存不能少于已售出的 ${Number(row.sold)} 份`,
          });
        }
        const startsAt = update.startsAt !== undefined ? update.startsAt : row.starts_at;
        const endsAt = update.endsAt !== undefined ? update.endsAt : row.ends_at;
        if (startsAt && endsAt && Date.parse(startsAt) >= Date.parse(endsAt)) {
          throw new AppError('VALIDATION_FAILED', { message: '结束时间须晚于开始时间' });
        }
        const vipTier = update.vipTier !== undefined ? update.vipTier : row.vip_tier;
        const vipDays = update.vipDays !== undefined ? update.vipDays : row.vip_days;
        if (row.kind === 'vip' && (vipTier == null || vipDays == null)) {
          throw new AppError('VALIDATION_FAILED', { message: '会员套餐须填写会员天数和等级' });
        }
        const { reason, ...changes } = update;
        await trx
          .updateTable('products')
          .set({ ...toColumns(changes), updated_at: at })
          .where('id', '=', id)
          .execute();
        const before = toAdminProduct(row);
        const after = toAdminProduct((await find(id, trx))!);
        await deps.audit.recordFor(
          request,
          { action: 'product.update', target: `product:${id}`, before, after, reason },
          trx,
        );
        return after;
      });
    },

    async create(request: FastifyRequest, input: AdminProductCreate) {
      const at = deps.core.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const { reason, id, kind, ...rest } = input;
        const inserted = await trx
          .insertInto('products')
          .values({
            id,
            kind,
            name: rest.name,
            price_fen: rest.priceFen,
            original_price_fen: null,
            vip_days: null,
            vip_tier: null,
            stock: null,
            per_user_limit: null,
            starts_at: null,
            ends_at: null,
            ...toColumns(rest),
            created_at: at,
            updated_at: at,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
          throw new AppError('ADMIN_PRODUCT_ID_TAKEN');
        }
        const after = toAdminProduct((await find(id, trx))!);
        await deps.audit.recordFor(
          request,
          { action: 'product.create', target: `product:${id}`, after, reason },
          trx,
        );
        return after;
      });
    },
  };
};

export type AdminProductsService = ReturnType<typeof createAdminProductsService>;
