/** Table types of the models area (migration 0010), added to Database by augmentation. */

export interface TrainDomainsTable {
  key: string;
  name: string;
  description: string;
  words: string;
  checkpoint: string;
  steps: number;
  rank: number;
  learning_rate: number;
  sample_prompt: string;
  sort: number;
  enabled: number;
  updated_at: string;
}

export type ModelReviewState = 'private' | 'pending' | 'approved' | 'rejected';

export interface ModelsTable {
  id: string;
  user_id: string;
  name: string;
  domain: string;
  trigger_word: string;
  task_id: string;
  dataset: string;
  steps: number;
  rank: number;
  learning_rate: number;
  checkpoint: string;
  price: number;
  ticket_type: number;
  lora_key: string | null;
  lora_name: string | null;
  lora_bytes: number | null;
  loss_graph_file_id: string | null;
  sample_file_ids: string;
  review: ModelReviewState;
  review_note: string | null;
  published_at: string | null;
  use_count: number;
  created_at: string;
  updated_at: string;
}

declare module '../../db/schema' {
  interface Database {
    train_domains: TrainDomainsTable;
    models: ModelsTable;
  }
}
