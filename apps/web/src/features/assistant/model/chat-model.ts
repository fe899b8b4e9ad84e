import type { AssistantModel, ChatMessage, ChatStreamEvent } from '@huijing/contracts';

/**
 * The ids of one question and its answer. Until the server names them (`start`) they are local
 * and unique per send: a refused pair stays in the list under its own ids, so the next send's
 * events touch only the next pair.
 */
export interface Turn {
  questionId: string;
  answerId: string;
}

export const localTurn = (key: number | string): Turn => ({
  questionId: `local-question-${key}`,
  answerId: `local-answer-${key}`,
});

export interface PendingQuestion {
  text: string;
  /** What the composer shows: a data URL or a stored file link. */
  imagePreview: string;
  model: AssistantModel;
  deepThinking: boolean;
  at: string;
}

/** The question and an empty streaming answer, shown at once when the user sends. */
export const optimisticPair = (q: PendingQuestion, turn: Turn): ChatMessage[] => [
  {
    id: turn.questionId,
    role: 'user',
    content: q.text,
    reasoning: '',
    image: { fileId: '', url: q.imagePreview, thumbUrl: null },
    model: q.model,
    deepThinking: q.deepThinking,
    status: 'done',
    error: null,
    createdAt: q.at,
  },
  {
    id: turn.answerId,
    role: 'assistant',
    content: '',
    reasoning: '',
    image: null,
    model: q.model,
    deepThinking: q.deepThinking,
    status: 'streaming',
    error: null,
    createdAt: q.at,
  },
];

const updateStreaming = (
  messages: ChatMessage[],
  answerId: string,
  update: (m: ChatMessage) => ChatMessage,
) => messages.map((m) => (m.id === answerId && m.role === 'assistant' ? update(m) : m));

/**
 * One event of the answer stream applied to the message list (spec §4: events arrive in order).
 * `start` swaps this turn's optimistic question for the stored one and names its answer; deltas
 * append; `done` and `error` end it. Other turns are never touched, and unknown answer ids are
 * ignored (a late event of a stopped stream).
 */
export const applyStreamEvent = (
  messages: ChatMessage[],
  event: ChatStreamEvent,
  turn: Turn,
): { messages: ChatMessage[]; turn: Turn } => {
  const update = (change: (m: ChatMessage) => ChatMessage) => ({
    turn,
    messages: updateStreaming(messages, turn.answerId, change),
  });
  switch (event.type) {
    case 'start':
      return {
        turn: { questionId: event.question.id, answerId: event.answerId },
        messages: messages.map((m) =>
          m.id === turn.questionId && m.role === 'user'
            ? event.question
            : m.id === turn.answerId && m.role === 'assistant'
              ? { ...m, id: event.answerId }
              : m,
        ),
      };
    case 'reasoning':
      return update((m) => ({ ...m, reasoning: m.reasoning + event.text }));
    case 'content':
      return update((m) => ({ ...m, content: m.content + event.text }));
    case 'done':
      return update((m) => ({ ...m, status: 'done' }));
    case 'error':
      return update((m) => ({ ...m, status: 'failed', error: event.error }));
  }
};

/** Ends an answer that is still streaming (stopped by the user, or the connection failed). */
export const endStreaming = (
  messages: ChatMessage[],
  answerId: string,
  end: { status: 'stopped' | 'failed'; error: string },
): ChatMessage[] =>
  updateStreaming(messages, answerId, (m) =>
    m.status === 'streaming' ? { ...m, status: end.status, error: end.error } : m,
  );

/** The question an answer replied to (for regenerate): the user message just before it. */
export const questionBefore = (messages: ChatMessage[], answerId: string) => {
  const index = messages.findIndex((m) => m.id === answerId);
  for (let i = index - 1; i >= 0; i--) if (messages[i]?.role === 'user') return messages[i];
  return undefined;
};
