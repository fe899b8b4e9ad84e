/** Tables of the single sign-on module (migration 0013), added to Database by augmentation. */
export interface SsoTicketsTable {
  /** sha256 of the ticket string; the string itself is never stored. */
  id_hash: string;
  kind: 'tgt' | 'st';
  user_id: string;
  /** The user session the ticket-granting ticket was made from; it ends with that session. */
  session_id: string;
  /** Service tickets: the ticket-granting ticket they were issued from. */
  tgt_hash: string | null;
  service: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

declare module '../../db/schema' {
  interface Database {
    sso_tickets: SsoTicketsTable;
  }
}
