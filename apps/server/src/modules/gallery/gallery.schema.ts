import type { Generated } from 'kysely';
import type { GalleryStatus } from '@huijing/contracts';

/** Tables of migration 0009 (see its header for the design). */
export interface GalleryImagesTable {
  id: string;
  user_id: string;
  task_id: string;
  output_index: number;
  file_id: string;
  before_file_id: string | null;
  width: number;
  height: number;
  placeholder: string;
  title: string;
  /** JSON array of strings. */
  tags: Generated<string>;
  /** JSON array of category ids (levels 1 to 3). */
  classify_ids: Generated<string>;
  tool_id: string;
  /** JSON: the tool's settings without inputs (做同款). */
  settings: Generated<string>;
  prompt: Generated<string>;
  /** Normalised title, tags and prompt; the keyword check after the bigram index. */
  search_text: string;
  status: GalleryStatus;
  status_reason: string | null;
  /** When it first became public (migration 0014_community_published_at); null until then. */
  published_at: string | null;
  /** The author's case (project) it belongs to (migration 0015_community_cases). */
  case_id: string | null;
  /** JSON of the automatic check's class probabilities, when it ran. */
  nsfw: string | null;
  collect_count: Generated<number>;
  report_count: Generated<number>;
  hot_base: number;
  hot_score: number;
  created_at: string;
  updated_at: string;
}

export interface GalleryImageClassesTable {
  classify_id: string;
  image_id: string;
  created_at: string;
}

export interface GalleryTermsTable {
  term: string;
  image_id: string;
  created_at: string;
}

export interface GalleryCollectionsTable {
  id: string;
  user_id: string;
  name: string;
  is_public: Generated<number>;
  is_default: Generated<number>;
  cover_image_id: string | null;
  /** The owner's words about it (migration 0015_community_cases). */
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface GalleryCollectsTable {
  user_id: string;
  image_id: string;
  collection_id: string;
  created_at: string;
}

export interface GalleryCasesTable {
  id: string;
  user_id: string;
  name: string;
  /** The works project it was published from (migration 0017); null: named by hand. */
  project_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface GalleryReportsTable {
  image_id: string;
  user_id: string;
  reason: string;
  created_at: string;
}

declare module '../../db/schema' {
  interface Database {
    gallery_images: GalleryImagesTable;
    gallery_image_classes: GalleryImageClassesTable;
    gallery_terms: GalleryTermsTable;
    gallery_collections: GalleryCollectionsTable;
    gallery_collects: GalleryCollectsTable;
    gallery_reports: GalleryReportsTable;
    gallery_cases: GalleryCasesTable;
  }
}
