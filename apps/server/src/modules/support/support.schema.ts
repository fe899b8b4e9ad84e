/** Messages sent with the contact modal's feedback form (migration 0013). */
export interface FeedbackMessagesTable {
  id: string;
  user_id: string | null;
  category: string;
  text: string;
  screenshot_file: string | null;
  contact: string | null;
  page: string | null;
  status: 'open' | 'answered';
  answer: string | null;
  answered_by: string | null;
  answered_at: string | null;
  created_at: string;
}

declare module '../../db/schema' {
  interface Database {
    feedback_messages: FeedbackMessagesTable;
  }
}
