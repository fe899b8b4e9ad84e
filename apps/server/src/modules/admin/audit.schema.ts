/** The append-only admin audit log (migration 0011); JSON columns hold before/after snapshots. */
export interface AdminAuditLogTable {
  id: string;
  at: string;
  actor_id: string | null;
  actor_username: string | null;
  role: string | null;
  action: string;
  target: string | null;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
  ip: string | null;
  request_id: string | null;
}

declare module '../../db/schema' {
  interface Database {
    admin_audit_log: AdminAuditLogTable;
  }
}

/** Refunds waiting for a second admin (migration 0014), one per order. */
export interface AdminRefundRequestsTable {
  order_no: string;
  requested_by: string;
  requested_by_name: string;
  reason: string;
  created_at: string;
  approved_by: string | null;
  approved_at: string | null;
}

declare module '../../db/schema' {
  interface Database {
    admin_refund_requests: AdminRefundRequestsTable;
  }
}
