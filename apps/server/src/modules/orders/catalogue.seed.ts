import type { Insertable, Kysely } from 'kysely';
import type { CustomPricing } from '@huijing/contracts';
import type { Database } from '../../db/schema';
import type { ProductsTable } from './orders.schema';

type Seed = Omit<
  Insertable<ProductsTable>,
  'created_at' | 'updated_at' | 'sold' | 'grants' | 'config'
> & {
  grants?: Record<string, number>;
  config?: unknown;
};

const DAY = 86_400_000;

/** /dingzhi: fen per ticket, volume discounts on the list price, the online ceiling (¥5000). */
export const defaultCustomPricing: CustomPricing = {
  unitFen: { '1': 50, '2': 60, '3': 10, '4': 500 },
  tiers: [
    { minFen: 10_000, percent: 95 },
    { minFen: 30_000, percent: 90 },
    { minFen: 100_000, percent: 85 },
  ],
  maxFen: 500_000,
  maxPerType: 100_000,
};

/**
 * The catalogue a fresh install sells (a `vip` plan's grants are its monthly allowance); operators change prices, stock and availability in the
 * admin (POST /api/user/manage/product/{id}). Rows are only inserted when missing, so an edit is
 * never overwritten by a later boot.
 */
export const defaultProducts = (now: Date): Seed[] => [
  {
    id: 'pack-100',
    kind: 'tickets',
    name: '通用次数 ×100',
    description: '适用于全部渲染与修图工具，永久有效',
    price_fen: 4_900,
    original_price_fen: 5_900,
    grants: { '1': 100 },
    vip_days: null,
    vip_tier: null,
    stock: null,
    per_user_limit: null,
    starts_at: null,
    ends_at: null,
    on_sale: 1,
    sort: 10,
  },
  {
    id: 'pack-500',
    kind: 'tickets',
    name: '通用次数 ×500',
    description: '常用工作室装，约每张 0.40 元',
    price_fen: 19_900,
    original_price_fen: 24_500,
    grants: { '1': 500 },
    vip_days: null,
    vip_tier: null,
    stock: null,
    per_user_limit: null,
    starts_at: null,
    ends_at: null,
    on_sale: 1,
    sort: 20,
  },
  {
    id: 'pack-live-200',
    kind: 'tickets',
    name: '实时渲染 ×200',
    description: '实时渲染（ailive）专用次数',
    price_fen: 9_900,
    original_price_fen: null,
    grants: { '2': 200 },
    vip_days: null,
    vip_tier: null,
    stock: null,
    per_user_limit: null,
    starts_at: null,
    ends_at: null,
    on_sale: 1,
    sort: 30,
  },
  {
    id: 'pack-video-20',
    kind: 'tickets',
    name: '视频次数 ×20',
    description: '图生视频、文生视频、多图视频',
    price_fen: 9_900,
    original_price_fen: null,
    grants: { '4': 20 },
    vip_days: null,
    vip_tier: null,
    stock: null,
    per_user_limit: null,
    starts_at: null,
    ends_at: null,
    on_sale: 1,
    sort: 40,
  },
  {
    id: 'pack-gpt-300',
    kind: 'tickets',
    name: 'AI 助手 ×300',
    description: 'AI 助手对话与图片编辑模型',
    price_fen: 2_900,
    original_price_fen: null,
    grants: { '3': 300 },
    vip_days: null,
    vip_tier: null,
    stock: null,
    per_user_limit: null,
    starts_at: null,
    ends_at: null,
    on_sale: 1,
    sort: 50,
  },
  {
    id: 'vip-month',
    kind: 'vip',
    name: 'VIP 月卡',
    description: '30 天会员，每月通用次数 ×300，优先排队',
    price_fen: 6_800,
    original_price_fen: 9_800,
    grants: { '1': 300 },
    vip_days: 30,
    vip_tier: 'vip',
    stock: null,
    per_user_limit: null,
    starts_at: null,
    ends_at: null,
    on_sale: 1,
    sort: 110,
  },
  {
    id: 'vip-quarter',
    kind: 'vip',
    name: 'VIP 季卡',
    description: '90 天会员，每月通用次数 ×350（共 3 个月），优先排队',
    price_fen: 18_800,
    original_price_fen: 29_400,
    grants: { '1': 350 },
    vip_days: 90,
    vip_tier: 'vip',
    stock: null,
    per_user_limit: null,
    starts_at: null,
    ends_at: null,
    on_sale: 1,
    sort: 120,
  },
  {
    id: 'vip-year',
    kind: 'vip',
    name: 'SVIP 年卡',
    description: '365 天会员，每月通用次数 ×350、视频 ×5（共 12 个月），最高优先级排队',
    price_fen: 59_800,
    original_price_fen: 117_600,
    grants: { '1': 350, '4': 5 },
    vip_days: 365,
    vip_tier: 'svip',
    stock: null,
    per_user_limit: null,
    starts_at: null,
    ends_at: null,
    on_sale: 1,
    sort: 130,
  },
  {
    id: 'custom',
    kind: 'custom',
    name: '定制次数',
    description: '按需选择各类次数，满额享阶梯折扣',
    price_fen: 0,
    original_price_fen: null,
    vip_days: null,
    vip_tier: null,
    stock: null,
    per_user_limit: null,
    starts_at: null,
    ends_at: null,
    on_sale: 1,
    sort: 200,
    config: defaultCustomPricing,
  },
  {
    id: 'active-250513',
    kind: 'activity',
    name: '限时特惠 · 设计师礼包',
    description: '通用次数 ×300 + 视频次数 ×10，每人限购 1 份，售完即止',
    price_fen: 9_900,
    original_price_fen: 19_900,
    grants: { '1': 300, '4': 10 },
    vip_days: null,
    vip_tier: null,
    stock: 500,
    per_user_limit: 1,
    starts_at: now.toISOString(),
    ends_at: new Date(now.getTime() + 30 * DAY).toISOString(),
    on_sale: 1,
    sort: 0,
  },
];

export const seedCatalogue = async (db: Kysely<Database>, now: Date): Promise<string[]> => {
  const at = now.toISOString();
  const added: string[] = [];
  for (const p of defaultProducts(now)) {
    const { grants, config, ...rest } = p;
    const result = await db
      .insertInto('products')
      .values({
        ...rest,
        grants: JSON.stringify(grants ?? {}),
        config: JSON.stringify(config ?? {}),
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) added.push(`product ${p.id}`);
  }
  return added;
};
