import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FeedbackMessagesTable } from './support.schema';
import './support.schema';

const INFO_KEY = 'support.info';

/** SQL of the contact settings and the feedback messages. */
export const createSupportRepository = (db: Kysely<Database>) => ({
  /** The stored contact and extension settings as JSON text, or undefined when never set. */
  async infoJson(): Promise<string | undefined> {
    const row = await db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', INFO_KEY)
      .executeTakeFirst();
    return row?.value;
  },

  async putInfoJson(value: string, updatedAt: string): Promise<void> {
    await db
      .insertInto('app_settings')
      .values({ key: INFO_KEY, value, updated_at: updatedAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: updatedAt }))
      .execute();
  },

  async insertFeedback(row: FeedbackMessagesTable): Promise<void> {
    await db.insertInto('feedback_messages').values(row).execute();
  },

  /** A page of feedback, newest first, with the total; a user's own or, for admins, any. */
  async feedbackPage(
    filter: { userId?: string; status?: 'open' | 'answered' },
    page: number,
    pageSize: number,
  ): Promise<{ rows: FeedbackMessagesTable[]; total: number }> {
    let base = db.selectFrom('feedback_messages');
    if (filter.userId !== undefined) base = base.where('user_id', '=', filter.userId);
    if (filter.status) base = base.where('status', '=', filter.status);
    const { n } = await base
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { rows, total: Number(n) };
  },

  /** Who wrote the feedback, for the admin's list. */
  async senders(userIds: string[]) {
    if (userIds.length === 0) return [];
    return db
      .selectFrom('users')
      .select(['id', 'nickname', 'phone'])
      .where('id', 'in', userIds)
      .execute();
  },

  async findFeedback(id: string): Promise<FeedbackMessagesTable | undefined> {
    return db.selectFrom('feedback_messages').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async answerFeedback(id: string, adminId: string, answer: string, at: string): Promise<void> {
    await db
      .updateTable('feedback_messages')
      .set({ status: 'answered', answer, answered_by: adminId, answered_at: at })
      .where('id', '=', id)
      .execute();
  },
});
