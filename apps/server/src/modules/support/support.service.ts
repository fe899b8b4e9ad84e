import {
  extensionReleaseSchema,
  supportContactSchema,
  supportInfoSchema,
} from '@huijing/contracts';
import type { FeedbackBody, FeedbackItem, Page, SupportInfo } from '@huijing/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../config/clock';
import type { Database } from '../../db/schema';
import { newId } from '../../db/ids';
import { AppError } from '../../http/app-error';
import type { FilesService } from '../uploads/files.service';
import { createSupportRepository } from './support.repository';
import type { FeedbackMessagesTable } from './support.schema';

const FILE_URL_ID = /^\/api\/files\/([0-9a-f-]{36})(?:[/?]|$)/i;
const FILE_ID = /^[0-9a-f-]{36}$/i;

export const defaultSupportInfo: SupportInfo = {
  contact: supportContactSchema.parse({ hours: '工作日 9:30–18:30' }),
  extension: extensionReleaseSchema.parse({}),
};

export type SupportService = ReturnType<typeof createSupportService>;

/**
 * The contact modal (customer-service WeChat, phone, email, hours; an operator sets them), the
 * browser extension's release, and the feedback form whose messages an admin reads and answers.
 */
export const createSupportService = (deps: {
  db: Kysely<Database>;
  files: FilesService;
  now: Clock;
}) => {
  const { db, now } = deps;
  const repo = createSupportRepository(db);

  const item = async (
    row: FeedbackMessagesTable,
    viewer: { userId?: string; admin?: boolean },
    user?: { id: string; nickname: string; phone: string | null },
  ): Promise<FeedbackItem> => {
    let screenshotUrl: string | null = null;
    if (row.screenshot_file && row.user_id) {
      const [link] = await deps.files.freshLinks(row.user_id, [row.screenshot_file]);
      screenshotUrl = link ? link.url : null;
    }
    return {
      id: row.id,
      category: row.category as FeedbackItem['category'],
      text: row.text,
      screenshotUrl,
      contact: row.contact,
      page: row.page,
      status: row.status,
      answer: row.answer,
      answeredAt: row.answered_at,
      createdAt: row.created_at,
      ...(viewer.admin && { user: user ?? null }),
    };
  };

  return {
    async info(from: Kysely<Database> = db): Promise<SupportInfo> {
      const value = await createSupportRepository(from).infoJson();
      if (value === undefined) return defaultSupportInfo;
      const parsed = supportInfoSchema.safeParse(JSON.parse(value));
      return parsed.success ? parsed.data : defaultSupportInfo;
    },

    /** Writes on `trx` when given: the console's audited transaction. */
    async setInfo(
      info: SupportInfo,
      trx: Kysely<Database> = db,
    ): Promise<{ before: SupportInfo; after: SupportInfo }> {
      const before = await this.info(trx);
      const after = supportInfoSchema.parse(info);
      const value = JSON.stringify(after);
      const updatedAt = now().toISOString();
      await createSupportRepository(trx).putInfoJson(value, updatedAt);
      return { before, after };
    },

    async send(userId: string | undefined, body: FeedbackBody): Promise<{ id: string }> {
      let screenshot: string | null = null;
      if (body.screenshot) {
        const id =
          FILE_URL_ID.exec(body.screenshot)?.[1] ??
          (FILE_ID.test(body.screenshot) ? body.screenshot : undefined);
        const [file] = id && userId ? await deps.files.ownedFiles(userId, [id]) : [];
        if (!file || !file.mime.startsWith('image/'))
          throw new AppError('FEEDBACK_SCREENSHOT_INVALID');
        screenshot = file.id;
      }
      const id = newId();
      await repo.insertFeedback({
        id,
        user_id: userId ?? null,
        category: body.category,
        text: body.text,
        screenshot_file: screenshot,
        contact: body.contact || null,
        page: body.page ?? null,
        status: 'open',
        answer: null,
        answered_by: null,
        answered_at: null,
        created_at: now().toISOString(),
      });
      return { id };
    },

    async mine(userId: string, page: number, pageSize: number): Promise<Page<FeedbackItem>> {
      const { rows, total } = await repo.feedbackPage({ userId }, page, pageSize);
      return {
        list: await Promise.all(rows.map((r) => item(r, { userId }))),
        total,
        page,
        pageSize,
      };
    },

    async adminPage(
      filter: { status?: 'open' | 'answered' },
      page: number,
      pageSize: number,
    ): Promise<Page<FeedbackItem>> {
      const { rows, total } = await repo.feedbackPage({ status: filter.status }, page, pageSize);
      const userIds = [...new Set(rows.flatMap((r) => (r.user_id ? [r.user_id] : [])))];
      const users = await repo.senders(userIds);
      const byId = new Map(users.map((u) => [u.id, u]));
      return {
        list: await Promise.all(
          rows.map((r) => item(r, { admin: true }, r.user_id ? byId.get(r.user_id) : undefined)),
        ),
        total,
        page,
        pageSize,
      };
    },

    async answer(id: string, adminId: string, answer: string, trx: Kysely<Database> = db) {
      const trxRepo = createSupportRepository(trx);
      const row = await trxRepo.findFeedback(id);
      if (!row) throw new AppError('FEEDBACK_NOT_FOUND');
      await trxRepo.answerFeedback(id, adminId, answer, now().toISOString());
      return {
        before: { status: row.status, answer: row.answer },
        after: { status: 'answered', answer },
      };
    },
  };
};
