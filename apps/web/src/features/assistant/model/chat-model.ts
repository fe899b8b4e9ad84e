import type { AssistantModel, ChatMessage, ChatStreamEvent } from '@huijing/contracts';

/** Ids of the two messages shown while the server has not named them yet. */
export const LOCAL_QUESTION = 'local-question';
export const LOCAL_ANSWER = 'local-answer';

export interface PendingQuestion {
  text: string;
  /** What the composer shows: a data URL or a stored file link. */
  imagePreview: string;
  model: AssistantModel;
  deepThinking: boolean;
  at: string;
}

/** The question and an empty streaming answer, shown at once when the user sends. */
export const optimisticPair = (q: PendingQuestion): ChatMessage[] => [
  {
    id: LOCAL_QUESTION,
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
    id: LOCAL_ANSWER,
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
 * `start` swaps the optimistic question for the stored one and names the answer; deltas append;
 * `done` and `error` end it. Unknown answer ids are ignored (a late event of a stopped stream).
 */
export const applyStreamEvent = (
  messages: ChatMessage[],
  event: ChatStreamEvent,
  answerId: string,
): { messages: ChatMessage[]; answerId: string } => {
  switch (event.type) {
    case 'start':
      return {
        answerId: event.answerId,
        messages: messages.map((m) =>
          m.id === LOCAL_QUESTION
            ? event.question
            : m.id === answerId
              ? { ...m, id: event.answerId }
              : m,
        ),
      };
    case 'reasoning':
      return {
        answerId,
        messages: updateStreaming(messages, answerId, (m) => ({
          ...m,
          reasoning: m.reasoning + event.text,
        })),
      };
    case 'content':
      return {
        answerId,
        messages: updateStreaming(messages, answerId, (m) => ({
          ...m,
          content: m.content + event.text,
        })),
      };
    case 'done':
      return {
        answerId,
        messages: updateStreaming(messages, answerId, (m) => ({ ...m, status: 'done' })),
      };
    case 'error':
      return {
        answerId,
        messages: updateStreaming(messages, answerId, (m) => ({
          ...m,
          status: 'failed',
          error: event.error,
        })),
      };
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
