import type { ChatStreamEvent, ConversationDetail, GptTalkBody } from '@huijing/contracts';
import { describe, expect, it } from 'vitest';
import { AssistantApiError } from '../api/assistant.api';
import { createChatStore } from './chat-store';

const IMAGE = 'data:image/png;base64,AAAA';
const question = (id: string, content: string) => ({
  id,
  role: 'user' as const,
  content,
  reasoning: '',
  image: { fileId: 'f1', url: '/api/files/f1?sig=1', thumbUrl: null },
  model: 'gpt' as const,
  deepThinking: true,
  status: 'done' as const,
  error: null,
  createdAt: '',
});
const conversation = { id: 'c1', title: 't', model: 'gpt' as const, createdAt: '', updatedAt: '' };

/** A stream double: plays the given events, then resolves (like `data: [DONE]`). */
const scripted =
  (events: ChatStreamEvent[], sent: GptTalkBody[] = []) =>
  async (body: GptTalkBody, onEvent: (e: ChatStreamEvent) => void, _signal?: AbortSignal) => {
    sent.push(body);
    for (const e of events) onEvent(e);
  };

const answerEvents = (answerId: string): ChatStreamEvent[] => [
  { type: 'start', conversation, question: question('q-' + answerId, '问'), answerId },
  { type: 'reasoning', text: '想' },
  { type: 'content', text: '答' },
  { type: 'done', messageId: answerId, conversationId: 'c1' },
];

const noLoad = (): Promise<ConversationDetail> => Promise.reject(new Error('unused'));

describe('chat store', () => {
  it('sends only with an image; follow-ups reuse the stored image link in the same conversation', async () => {
    const sent: GptTalkBody[] = [];
    let n = 0;
    const store = createChatStore({
      stream: (body, onEvent, signal) =>
        scripted(answerEvents(`a${++n}`), sent)(body, onEvent, signal),
      load: noLoad,
    });
    store.getState().setInput('第一问');
    await store.getState().send();
    expect(sent).toHaveLength(0);

    store.getState().setImage(IMAGE);
    await store.getState().send();
    expect(sent[0]).toMatchObject({
      inputMessage: '第一问',
      uploadedImage: IMAGE,
      deepThinking: true,
      conversationId: null,
    });
    const s = store.getState();
    expect(s.conversationId).toBe('c1');
    expect(s.uploadedImage).toBe('/api/files/f1?sig=1');
    expect(s.inputMessage).toBe('');
    expect(s.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'done'],
      ['assistant', 'done'],
    ]);
    expect(s.historyRefresh).toBe(1);

    store.getState().setInput('第二问');
    await store.getState().send();
    expect(sent[1]).toMatchObject({ conversationId: 'c1', uploadedImage: '/api/files/f1?sig=1' });
    expect(store.getState().messages).toHaveLength(4);
  });

  it('keeps a refusal in the conversation and gives the text back', async () => {
    const store = createChatStore({
      stream: () => Promise.reject(new AssistantApiError('AI 助手次数不足，请充值后再试', 40200)),
      load: noLoad,
    });
    store.getState().setImage(IMAGE);
    store.getState().setInput('还能问吗');
    await store.getState().send();
    const s = store.getState();
    expect(s.messages[1]).toMatchObject({
      status: 'failed',
      error: 'AI 助手次数不足，请充值后再试',
    });
    expect(s.inputMessage).toBe('还能问吗');
    expect(s.streamingId).toBeNull();
  });

  it('after a refusal, the next question is its own pair: four messages, the first still failed', async () => {
    let calls = 0;
    const store = createChatStore({
      stream: (body, onEvent, signal) =>
        ++calls === 1
          ? Promise.reject(new AssistantApiError('AI 助手次数不足，请充值后再试', 40200))
          : scripted(answerEvents('a2'))(body, onEvent, signal),
      load: noLoad,
    });
    store.getState().setImage(IMAGE);
    store.getState().setInput('第一问');
    await store.getState().send();
    await store.getState().send();
    const { messages } = store.getState();
    expect(messages).toHaveLength(4);
    expect(new Set(messages.map((m) => m.id)).size).toBe(4);
    expect(messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'done'],
      ['assistant', 'failed'],
      ['user', 'done'],
      ['assistant', 'done'],
    ]);
    expect(messages[0]).toMatchObject({ content: '第一问' });
    expect(messages[1]).toMatchObject({ error: 'AI 助手次数不足，请充值后再试', content: '' });
    expect(messages.slice(2).map((m) => m.id)).toEqual(['q-a2', 'a2']);
    expect(messages[3]).toMatchObject({ content: '答', reasoning: '想' });
  });

  it('stops a streaming answer and keeps the partial text; regenerates from its question', async () => {
    const sent: GptTalkBody[] = [];
    let release: () => void = () => {};
    const store = createChatStore({
      stream: (body, onEvent, signal) => {
        sent.push(body);
        onEvent({
          type: 'start',
          conversation,
          question: question('q1', '长问题'),
          answerId: 'a1',
        });
        onEvent({ type: 'content', text: '前半段' });
        return new Promise<void>((resolve, reject) => {
          release = resolve;
          signal.addEventListener('abort', () =>
            reject(new DOMException('The stream was aborted.', 'AbortError')),
          );
        });
      },
      load: noLoad,
    });
    store.getState().setImage(IMAGE);
    const pending = store.getState().send();
    expect(store.getState().streamingId).toBe('a1');
    store.getState().stop();
    await pending;
    expect(store.getState().messages[1]).toMatchObject({
      status: 'stopped',
      content: '前半段',
      error: '已停止生成',
    });

    const again = store.getState().regenerate('a1');
    expect(sent[1]).toMatchObject({
      inputMessage: '长问题',
      uploadedImage: '/api/files/f1?sig=1',
      conversationId: 'c1',
    });
    release();
    await again;
  });

  it('opens a conversation from history with its model and last image', async () => {
    const store = createChatStore({
      stream: scripted([]),
      load: async (id) => ({
        conversation: { ...conversation, id, model: 'gemini' },
        messages: [question('q9', '旧问题')],
      }),
    });
    await store.getState().open('c9');
    expect(store.getState()).toMatchObject({
      conversationId: 'c9',
      model: 'gemini',
      uploadedImage: '/api/files/f1?sig=1',
      loading: false,
    });
    store.getState().newChat();
    expect(store.getState()).toMatchObject({
      conversationId: null,
      messages: [],
      model: 'gemini',
      deepThinking: true,
    });
  });
});
