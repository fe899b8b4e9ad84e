/** Page views and key events (migration 0013), added to Database by augmentation. */
export interface TrackEventsTable {
  id: string;
  at: string;
  kind: string;
  label: string;
  path: string;
  tool: string | null;
  keyword: string | null;
  scope: string | null;
  user_id: string | null;
  device_id: string | null;
}

declare module '../../db/schema' {
  interface Database {
    track_events: TrackEventsTable;
  }
}
