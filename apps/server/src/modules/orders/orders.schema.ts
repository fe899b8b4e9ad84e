import type { Generated } from 'kysely';

export type ProductKind = 'tickets' | 'vip' | 'custom' | 'activity';
export type OrderStatus = 'pending' | 'paid' | 'closed' | 'refunded';
export type PayChannel = 'wechat' | 'alipay' | 'sandbox';

/** The catalogue (migration 0008); operators edit rows, orders freeze what they grant. */
export interface ProductsTable {
  id: string;
  kind: ProductKind;
  name: string;
  description: Generated<string>;
  price_fen: number;
  original_price_fen: number | null;
  /** JSON {"1": 100, …}. */
  grants: Generated<string>;
  vip_days: number | null;
  vip_tier: 'vip' | 'svip' | null;
  stock: number | null;
  sold: Generated<number>;
  per_user_limit: number | null;
  starts_at: string | null;
  ends_at: string | null;
  on_sale: Generated<number>;
  sort: Generated<number>;
  /** JSON of kind-specific settings (custom: unit prices and tiers). */
  config: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface OrdersTable {
  order_no: string;
  user_id: string;
  product_id: string;
  kind: ProductKind;
  title: string;
  amount_fen: number;
  channel: PayChannel;
  status: OrderStatus;
  grants: Generated<string>;
  vip_days: number | null;
  vip_tier: 'vip' | 'svip' | null;
  purchase_key: string;
  pay_url: string | null;
  /** 'qr' (Native / precreate) or 'h5' (a phone's browser), migration 0014_commerce_h5. */
  pay_mode: Generated<'qr' | 'h5'>;
  provider_trade_no: string | null;
  holds_stock: Generated<number>;
  expires_at: string;
  paid_at: string | null;
  closed_at: string | null;
  close_reason: string | null;
  refunded_at: string | null;
  next_check_at: string | null;
  checks: Generated<number>;
  /** VIP orders (migration 0014): where the bought days begin, and when the next month is due. */
  vip_from: Generated<string | null>;
  allowance_next_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/** One row per VIP order and month of membership: the allowance was granted (idempotency key). */
export interface VipAllowancesTable {
  order_no: string;
  period: number;
  user_id: string;
  period_start: string;
  grants: string;
  created_at: string;
}

/** VIP granted by an admin: its days and the tier's monthly allowance (migration 0016). */
export interface VipGrantsTable {
  id: string;
  user_id: string;
  tier: string;
  vip_days: number;
  vip_from: string;
  grants: string;
  allowance_next_at: string | null;
  granted_by: string | null;
  reason: string;
  created_at: string;
}

/** One month of an admin grant's allowance, credited once (the key is grant and period). */
export interface VipGrantAllowancesTable {
  grant_id: string;
  period: number;
  user_id: string;
  period_start: string;
  grants: string;
  created_at: string;
}

export interface PaymentIncidentsTable {
  id: string;
  order_no: string | null;
  channel: string;
  kind: string;
  detail: string;
  created_at: string;
}

export interface OrderRefundsTable {
  refund_no: string;
  order_no: string;
  admin_id: string;
  reason: string;
  refund_fen: number;
  tickets_taken: Generated<string>;
  vip_days_taken: Generated<number>;
  note: Generated<string>;
  created_at: string;
  /** A refund the server started itself, until the provider accepted it (migration 0018). */
  retry_at: Generated<string | null>;
}

/** The development sandbox's trades (migration 0018), shared by every API process. */
export interface SandboxTradesTable {
  order_no: string;
  amount_fen: number;
  state: 'pending' | 'paid' | 'closed' | 'refunded';
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface EnterpriseLeadsTable {
  id: string;
  user_id: string | null;
  company: string;
  contact: string;
  phone: string;
  seats: number | null;
  note: Generated<string>;
  created_at: string;
}

/** A buyer's 申请退款 (migration 0014): one per order; an admin decides. */
export interface OrderRefundRequestsTable {
  order_no: string;
  user_id: string;
  reason: string;
  created_at: string;
}

declare module '../../db/schema' {
  interface Database {
    products: ProductsTable;
    orders: OrdersTable;
    payment_incidents: PaymentIncidentsTable;
    order_refunds: OrderRefundsTable;
    enterprise_leads: EnterpriseLeadsTable;
    vip_allowances: VipAllowancesTable;
    vip_grants: VipGrantsTable;
    vip_grant_allowances: VipGrantAllowancesTable;
    order_refund_requests: OrderRefundRequestsTable;
    sandbox_trades: SandboxTradesTable;
  }
}
