import type { ChatMessage, Conversation, GptTalkResult } from '@huijing/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../config/clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { LlmError } from '../../providers/llm/llm';
import type { LlmMessage, LlmProvider } from '../../providers/llm/llm';
import { featureOn, readAssistantPrices } from '../settings/price-overrides';
import { createTicketsRepository } from '../tickets/tickets.repository';
import type { FilesService } from '../uploads/files.service';
import { imageDataUrl, imageLinks, resolveImage } from './assistant-inputs';
import type { UserRateLimiter } from '../../http/rate-limit';
import { createAssistantRepository } from './assistant.repository';
import type { ConversationRecord, MessageRecord, ModelChoice } from './assistant.repository';

export type AssistantService = ReturnType<typeof createAssistantService>;

const TICKET_TYPE = 3 as const;
const MODEL_NAMES: Record<ModelChoice, string> = { gemini: 'Gemini', gpt: 'GPT' };
/** Earlier turns sent along with a question (text only; the image is the current one). */
const HISTORY_TURNS = 20;
const TITLE_CHARS = 30;

const SYSTEM_PROMPT =
  '你是「绘境」的 AI 设计助手，服务室内、建筑和景观设计师。请用简体中文回答，' +
  '结合用户上传的图片给出专业、具体、可执行的建议；需要时用 Markdown 列表、表格或代码块组织内容。';
const DEFAULT_QUESTION = '请点评这张图片，并给出改进建议。';

export type AnswerEnd =
  | { status: 'done'; content: string; reasoning: string }
  | {
      status: 'stopped' | 'failed';
      content: string;
      reasoning: string;
      error: string;
      code: number;
    };

/** A question stored with its answer placeholder (tickets held), ready to be answered. */
export type PreparedQuestion = {
  userId: string;
  conversation: ConversationRecord;
  question: MessageRecord;
  answer: MessageRecord;
  prompt: LlmMessage[];
};

/** LlmError → the catalogue entry the user sees (the message stays the specific one). */
export const appErrorOf = (error: unknown): AppError => {
  if (error instanceof AppError) return error;
  if (error instanceof LlmError) {
    const key =
      error.kind === 'unconfigured'
        ? 'ASSISTANT_UNCONFIGURED'
        : error.kind === 'timeout'
          ? 'ASSISTANT_MODEL_TIMEOUT'
          : 'ASSISTANT_MODEL_FAILED';
    return new AppError(key, { message: error.message, cause: error });
  }
  return new AppError('INTERNAL', { cause: error });
};

export const createAssistantService = (deps: {
  db: Kysely<Database>;
  llm: LlmProvider;
  files: FilesService;
  now: Clock;
  logger: Logger;
  ticketsPerQuestion: number;
  admit: UserRateLimiter;
  /** A streaming answer untouched this long belongs to a process that died. */
  staleAfterMs: number;
}) => {
  const repo = createAssistantRepository(deps.db);
  const at = () => deps.now().toISOString();

  const conversationDto = (c: ConversationRecord): Conversation => ({
    id: c.id,
    title: c.title,
    model: c.model,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  });

  const messageDtos = async (userId: string, messages: MessageRecord[]): Promise<ChatMessage[]> => {
    const link = await imageLinks(
      deps.files,
      userId,
      messages.map((m) => m.imageFileId),
    );
    return messages.map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      reasoning: m.reasoning,
      image: link(m.imageFileId),
      model: m.model,
      deepThinking: m.deepThinking,
      status: m.status,
      error: m.error,
      createdAt: m.createdAt,
    }));
  };

  /** Ends an answer and settles its tickets in one transaction; only the first call counts. */
  const finish = async (answer: MessageRecord, end: AnswerEnd): Promise<boolean> => {
    const when = at();
    const error = end.status === 'done' ? null : end.error;
    return deps.db.transaction().execute(async (trx) => {
      const r = createAssistantRepository(trx);
      const ended = await r.finishAnswer(
        answer.id,
        { status: end.status, content: end.content, reasoning: end.reasoning },
        error,
        when,
      );
      if (!ended) return false;
      const to = end.status === 'done' ? 'captured' : 'released';
      if (await r.settleTickets(answer.id, to)) {
        const tickets = createTicketsRepository(trx);
        if (to === 'captured')
          await tickets.captureHeld(answer.userId, TICKET_TYPE, answer.id, when);
        else await tickets.releaseHeld(answer.userId, TICKET_TYPE, answer.price, answer.id, when);
      }
      return true;
    });
  };

  /** Answers a crashed process left streaming: failed, tickets back. */
  const settleStale = async (userId: string) => {
    const before = new Date(deps.now().getTime() - deps.staleAfterMs).toISOString();
    for (const m of await repo.staleAnswers(userId, before)) {
      await finish(m, {
        status: 'failed',
        content: m.content,
        reasoning: m.reasoning,
        error: '回答被中断了，次数已退回，请重新提问',
        code: 50270,
      });
    }
  };

  const promptFor = async (
    userId: string,
    conversationId: string | undefined,
    text: string,
    image: string,
  ): Promise<LlmMessage[]> => {
    const earlier = conversationId ? await repo.listMessages(conversationId) : [];
    const history: LlmMessage[] = earlier
      .filter(
        (m) => (m.status === 'done' || m.status === 'stopped') && (m.content || m.imageFileId),
      )
      .slice(-HISTORY_TURNS)
      .map((m) =>
        m.role === 'user'
          ? { role: 'user', content: m.content || '（上传了一张图片）' }
          : { role: 'assistant', content: m.content },
      );
    return [
      { role: 'system', content: SYSTEM_PROMPT },
      ...history,
      {
        role: 'user',
        content: [
          { type: 'text', text: text || DEFAULT_QUESTION },
          { type: 'image_url', image_url: { url: image } },
        ],
      },
    ];
  };

  /** Each model's price per question: the admin's setting, else ASSISTANT_TICKETS_PER_QUESTION. */
  const priceOf = async () => {
    const set = await readAssistantPrices(deps.db);
    return {
      gemini: set.gemini ?? deps.ticketsPerQuestion,
      gpt: set.gpt ?? deps.ticketsPerQuestion,
    };
  };

  return {
    /** Prices and the on/off switch are admin settings read now (no restart, no cache). */
    async status() {
      const [prices, enabled] = await Promise.all([priceOf(), featureOn(deps.db, 'assistant')]);
      return {
        models: { gemini: deps.llm.configured('gemini'), gpt: deps.llm.configured('gpt') },
        ticketType: TICKET_TYPE,
        ticketsPerQuestion: prices.gpt,
        prices,
        enabled,
      };
    },

    /**
     * Everything that can be refused is refused here, before any ticket is held and before a
     * stream starts: not configured, no image, too frequent, someone else's conversation, a bad
     * image, not enough tickets. Then the question and its answer placeholder are stored with the
     * hold in one transaction.
     */
    async prepare(
      userId: string,
      body: {
        conversationId?: string | null;
        model: ModelChoice;
        inputMessage: string;
        uploadedImage?: string | null;
        deepThinking: boolean;
      },
    ): Promise<PreparedQuestion> {
      const { model } = body;
      if (!(await featureOn(deps.db, 'assistant'))) {
        throw new AppError('FEATURE_OFF', { message: 'AI 助手暂停服务，请稍后再试' });
      }
      if (!deps.llm.configured(model)) {
        const other = (['gpt', 'gemini'] as const).find((m) => deps.llm.configured(m));
        throw new AppError('ASSISTANT_UNCONFIGURED', {
          ...(other && {
            message: `${MODEL_NAMES[model]} 模型尚未配置，请切换到 ${MODEL_NAMES[other]} 后再提问`,
          }),
          data: { model },
        });
      }
      if (!body.uploadedImage) throw new AppError('ASSISTANT_IMAGE_REQUIRED');
      const existing = body.conversationId
        ? await repo.findOwnedConversation(userId, body.conversationId)
        : undefined;
      if (body.conversationId && !existing) throw new AppError('CONVERSATION_NOT_FOUND');
      await deps.admit(userId);
      const image = await resolveImage(deps.files, userId, body.uploadedImage);
      await settleStale(userId);

      const text = body.inputMessage.trim();
      const when = at();
      const conversation: ConversationRecord = existing
        ? { ...existing, model, updatedAt: when }
        : {
            id: newId(),
            userId,
            title: (text || '图片咨询').replace(/\s+/g, ' ').slice(0, TITLE_CHARS),
            model,
            createdAt: when,
            updatedAt: when,
          };
      const price = (await priceOf())[model];
      const base = {
        conversationId: conversation.id,
        userId,
        model,
        deepThinking: body.deepThinking,
        reasoning: '',
        error: null,
        ticketType: TICKET_TYPE,
        createdAt: when,
      };
      const question: MessageRecord = {
        ...base,
        id: newId(),
        seq: 0,
        role: 'user',
        content: text,
        imageFileId: image.id,
        status: 'done',
        price: 0,
        ticketsState: 'none',
      };
      const answer: MessageRecord = {
        ...base,
        id: newId(),
        seq: 0,
        role: 'assistant',
        content: '',
        imageFileId: null,
        status: 'streaming',
        price,
        ticketsState: price > 0 ? 'held' : 'none',
      };
      const prompt = await promptFor(
        userId,
        existing?.id,
        text,
        await imageDataUrl(deps.files, image, userId),
      );
      await deps.db.transaction().execute(async (trx) => {
        if (price > 0) {
          const held = await createTicketsRepository(trx).holdTickets(
            userId,
            TICKET_TYPE,
            price,
            answer.id,
            when,
          );
          if (!held)
            throw new AppError('TICKETS_INSUFFICIENT', {
              message: 'AI 助手次数不足，请充值后再试',
            });
        }
        const r = createAssistantRepository(trx);
        if (existing) await r.touchConversation(conversation.id, when, model);
        else await r.insertConversation(conversation);
        question.seq = await r.nextSeq(conversation.id);
        answer.seq = question.seq + 1;
        await r.insertMessage(question, when);
        await r.insertMessage(answer, when);
      });
      return { userId, conversation, question, answer, prompt };
    },

    /**
     * Streams the answer to `onDelta` and ends it exactly once: done (tickets captured), stopped
     * by the user or a disconnect (partial answer kept, tickets back) or failed (the error
     * stored with what arrived, tickets back). Reasoning is dropped when deep thinking is off.
     */
    async answer(
      prepared: PreparedQuestion,
      signal: AbortSignal,
      onDelta: (kind: 'content' | 'reasoning', text: string) => void,
    ): Promise<AnswerEnd> {
      const { answer } = prepared;
      let content = '';
      let reasoning = '';
      let end: AnswerEnd;
      try {
        // The client may have left while the question was prepared: then nothing goes upstream.
        signal.throwIfAborted();
        for await (const delta of deps.llm.stream(answer.model, prepared.prompt, {
          signal,
          reasoning: answer.deepThinking,
        })) {
          if (delta.kind === 'reasoning') {
            if (!answer.deepThinking) continue;
            reasoning += delta.text;
          } else content += delta.text;
          onDelta(delta.kind, delta.text);
        }
        end = { status: 'done', content, reasoning };
      } catch (error) {
        const aborted = signal.aborted || (error instanceof LlmError && error.kind === 'aborted');
        const appError = appErrorOf(error);
        if (!aborted) {
          deps.logger.warn(
            { err: error, answerId: answer.id, model: answer.model },
            'assistant answer failed',
          );
        }
        end = aborted
          ? { status: 'stopped', content, reasoning, error: '已停止生成', code: 0 }
          : { status: 'failed', content, reasoning, error: appError.message, code: appError.code };
      }
      await finish(answer, end);
      return end;
    },

    async result(prepared: PreparedQuestion): Promise<GptTalkResult> {
      const messages = await repo.listMessages(prepared.conversation.id);
      const wanted = messages.filter(
        (m) => m.id === prepared.question.id || m.id === prepared.answer.id,
      );
      const [question, answer] = await messageDtos(prepared.userId, wanted);
      return {
        conversation: conversationDto(prepared.conversation),
        question: question!,
        answer: answer!,
      };
    },

    conversationDto,
    messageDto: async (userId: string, m: MessageRecord) => (await messageDtos(userId, [m]))[0]!,

    async history(userId: string, q: { page: number; pageSize: number }) {
      const { rows, total } = await repo.listConversations(userId, q);
      return { list: rows.map(conversationDto), total, page: q.page, pageSize: q.pageSize };
    },

    async detail(userId: string, conversationId: string) {
      const conversation = await repo.findOwnedConversation(userId, conversationId);
      if (!conversation) throw new AppError('CONVERSATION_NOT_FOUND');
      await settleStale(userId);
      const messages = await repo.listMessages(conversation.id);
      return {
        conversation: conversationDto(conversation),
        messages: await messageDtos(userId, messages),
      };
    },

    async rename(userId: string, conversationId: string, title: string) {
      if (!(await repo.renameConversation(userId, conversationId, title))) {
        throw new AppError('CONVERSATION_NOT_FOUND');
      }
    },

    async remove(userId: string, conversationId: string) {
      if (!(await repo.deleteConversation(userId, conversationId, at()))) {
        throw new AppError('CONVERSATION_NOT_FOUND');
      }
    },
  };
};
