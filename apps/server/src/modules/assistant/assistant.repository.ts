import { sql } from 'kysely';
import type { Generated, Kysely } from 'kysely';
import type { Database, TicketsState } from '../../db/schema';

/** Tables of migration 0005, added to the shared Database type where this module uses them. */
export interface AssistantConversationsTable {
  id: string;
  user_id: string;
  title: string;
  model: string;
  deleted: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface AssistantMessagesTable {
  id: string;
  conversation_id: string;
  user_id: string;
  /** Order inside the conversation (timestamps may tie). */
  seq: number;
  role: 'user' | 'assistant';
  content: string;
  reasoning: Generated<string>;
  image_file_id: string | null;
  model: string;
  deep_thinking: number;
  status: MessageStatus;
  error: string | null;
  ticket_type: number;
  price: number;
  tickets_state: TicketsState;
  created_at: string;
  updated_at: string;
}

export type AssistantTables = {
  assistant_conversations: AssistantConversationsTable;
  assistant_messages: AssistantMessagesTable;
};

export type MessageStatus = 'streaming' | 'done' | 'stopped' | 'failed';
export type ModelChoice = 'gemini' | 'gpt';

export type ConversationRecord = {
  id: string;
  userId: string;
  title: string;
  model: ModelChoice;
  createdAt: string;
  updatedAt: string;
};

export type MessageRecord = {
  id: string;
  conversationId: string;
  userId: string;
  seq: number;
  role: 'user' | 'assistant';
  content: string;
  reasoning: string;
  imageFileId: string | null;
  model: ModelChoice;
  deepThinking: boolean;
  status: MessageStatus;
  error: string | null;
  ticketType: 3;
  price: number;
  ticketsState: TicketsState;
  createdAt: string;
};

type ConversationRow = Omit<AssistantConversationsTable, 'deleted'>;
type MessageRow = Omit<AssistantMessagesTable, 'reasoning'> & { reasoning: string };

const toConversation = (r: ConversationRow): ConversationRecord => ({
  id: r.id,
  userId: r.user_id,
  title: r.title,
  model: r.model as ModelChoice,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const toMessage = (r: MessageRow): MessageRecord => ({
  id: r.id,
  conversationId: r.conversation_id,
  userId: r.user_id,
  seq: Number(r.seq),
  role: r.role,
  content: r.content,
  reasoning: r.reasoning,
  imageFileId: r.image_file_id,
  model: r.model as ModelChoice,
  deepThinking: Number(r.deep_thinking) === 1,
  status: r.status,
  error: r.error,
  ticketType: 3,
  price: Number(r.price),
  ticketsState: r.tickets_state,
  createdAt: r.created_at,
});

const conversationColumns = [
  'id',
  'user_id',
  'title',
  'model',
  'created_at',
  'updated_at',
] as const;

const affected = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows);

export type AssistantRepository = ReturnType<typeof createAssistantRepository>;

/** SQL for conversations and messages, by intent. Every state change happens once. */
export const createAssistantRepository = (database: Kysely<Database>) => {
  const db = database.withTables<AssistantTables>();
  return {
    async insertConversation(c: ConversationRecord): Promise<void> {
      await db
        .insertInto('assistant_conversations')
        .values({
          id: c.id,
          user_id: c.userId,
          title: c.title,
          model: c.model,
          created_at: c.createdAt,
          updated_at: c.updatedAt,
        })
        .execute();
    },

    async findOwnedConversation(
      userId: string,
      id: string,
    ): Promise<ConversationRecord | undefined> {
      const row = await db
        .selectFrom('assistant_conversations')
        .select(conversationColumns)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted', '=', 0)
        .executeTakeFirst();
      return row && toConversation(row);
    },

    async listConversations(
      userId: string,
      q: { page: number; pageSize: number },
    ): Promise<{ rows: ConversationRecord[]; total: number }> {
      const base = db
        .selectFrom('assistant_conversations')
        .where('user_id', '=', userId)
        .where('deleted', '=', 0);
      const [rows, count] = await Promise.all([
        base
          .select(conversationColumns)
          .orderBy('updated_at', 'desc')
          .orderBy('id', 'desc')
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize)
          .execute(),
        base.select(sql<string | number>`count(*)`.as('n')).executeTakeFirst(),
      ]);
      return { rows: rows.map(toConversation), total: Number(count?.n ?? 0) };
    },

    async touchConversation(id: string, at: string, model: ModelChoice): Promise<void> {
      await db
        .updateTable('assistant_conversations')
        .set({ updated_at: at, model })
        .where('id', '=', id)
        .execute();
    },

    async renameConversation(userId: string, id: string, title: string): Promise<boolean> {
      const r = await db
        .updateTable('assistant_conversations')
        .set({ title })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted', '=', 0)
        .executeTakeFirst();
      return affected(r) === 1;
    },

    /** Hidden from its owner; messages stay for the ticket ledger's references. */
    async deleteConversation(userId: string, id: string, at: string): Promise<boolean> {
      const r = await db
        .updateTable('assistant_conversations')
        .set({ deleted: 1, updated_at: at })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted', '=', 0)
        .executeTakeFirst();
      return affected(r) === 1;
    },

    async nextSeq(conversationId: string): Promise<number> {
      const row = await db
        .selectFrom('assistant_messages')
        .select(sql<number | string | null>`max(seq)`.as('seq'))
        .where('conversation_id', '=', conversationId)
        .executeTakeFirst();
      return Number(row?.seq ?? 0) + 1;
    },

    async insertMessage(m: MessageRecord, at: string): Promise<void> {
      await db
        .insertInto('assistant_messages')
        .values({
          id: m.id,
          conversation_id: m.conversationId,
          user_id: m.userId,
          seq: m.seq,
          role: m.role,
          content: m.content,
          reasoning: m.reasoning,
          image_file_id: m.imageFileId,
          model: m.model,
          deep_thinking: m.deepThinking ? 1 : 0,
          status: m.status,
          error: m.error,
          ticket_type: m.ticketType,
          price: m.price,
          tickets_state: m.ticketsState,
          created_at: m.createdAt,
          updated_at: at,
        })
        .execute();
    },

    async listMessages(conversationId: string): Promise<MessageRecord[]> {
      const rows = await db
        .selectFrom('assistant_messages')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .orderBy('seq')
        .execute();
      return rows.map(toMessage);
    },

    /** A streaming answer ends once: done, stopped or failed, with what arrived. */
    async finishAnswer(
      id: string,
      end: { status: Exclude<MessageStatus, 'streaming'>; content: string; reasoning: string },
      error: string | null,
      at: string,
    ): Promise<boolean> {
      const r = await db
        .updateTable('assistant_messages')
        .set({ ...end, error, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'streaming')
        .executeTakeFirst();
      return affected(r) === 1;
    },

    /** held → captured|released; of any number of callers exactly one wins. */
    async settleTickets(id: string, to: 'captured' | 'released'): Promise<boolean> {
      const r = await db
        .updateTable('assistant_messages')
        .set({ tickets_state: to })
        .where('id', '=', id)
        .where('tickets_state', '=', 'held')
        .executeTakeFirst();
      return affected(r) === 1;
    },

    /** Answers left streaming by a process that died (nobody will finish them). */
    async staleAnswers(userId: string, before: string): Promise<MessageRecord[]> {
      const rows = await db
        .selectFrom('assistant_messages')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'streaming')
        .where('updated_at', '<', before)
        .execute();
      return rows.map(toMessage);
    },

    /** Instruction, source and parent of image edits (task rows of the imgagent tool). */
    async editDetails(
      userId: string,
      taskIds: string[],
    ): Promise<Map<string, { params: Record<string, unknown>; sourceFileId: string | null }>> {
      if (taskIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('tasks')
        .select(['id', 'params', 'inputs'])
        .where('user_id', '=', userId)
        .where('id', 'in', taskIds)
        .execute();
      return new Map(
        rows.map((r) => {
          const inputs = JSON.parse(r.inputs) as Record<string, unknown>;
          const source = inputs.upload_img;
          return [
            r.id,
            {
              params: JSON.parse(r.params) as Record<string, unknown>,
              sourceFileId: typeof source === 'string' ? source : null,
            },
          ];
        }),
      );
    },
  };
};
