import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { sessionKeys } from '../../../lib/session';
import {
  fakeApi,
  ok,
  type FakeAnswer,
  type FakeCall,
  renderWithProviders,
  resetFakeApi,
  testQueryClient,
  testUser,
} from '../../../test/fake-api';
import { ChatPage, chatStore } from './chat-page';

initI18n();
vi.setConfig({ testTimeout: 30_000 });

const user = testUser;
const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';
const conversation = { id: 'c1', title: '客厅', model: 'gpt', createdAt: '', updatedAt: '' };
const question = {
  id: 'q1',
  role: 'user',
  content: '客厅怎么改？',
  reasoning: '',
  image: { fileId: 'f1', url: '/api/files/f1', thumbUrl: null },
  model: 'gpt',
  deepThinking: true,
  status: 'done',
  error: null,
  createdAt: '',
};

const emptyHistory = () => ok({ list: [], total: 0, page: 1, pageSize: 50 });

const setup = (
  models: { gemini: boolean; gpt: boolean },
  history: (call: FakeCall) => FakeAnswer = emptyHistory,
) => {
  const api = fakeApi({
    'GET /ai/assistantStatus': () =>
      ok({
        models,
        ticketType: 3,
        ticketsPerQuestion: 1,
        edit: { available: false, ticketType: 1, price: 2 },
      }),
    'POST /ai/gptTalkHistory': history,
    'GET /ai/totalTicket': () => ok(3),
  });
  const client = testQueryClient();
  client.setQueryDefaults(sessionKeys.currentUser, { staleTime: Infinity });
  client.setQueryData(sessionKeys.currentUser, user);
  renderWithProviders(<ChatPage />, { client, path: '/deepseek' });
  return api;
};

beforeEach(() => chatStore.getState().newChat());
afterEach(() => {
  resetFakeApi();
  vi.unstubAllGlobals();
});

describe('the chat page', () => {
  it('sends only with an image, then streams the reasoning and a Markdown answer', async () => {
    const stream = vi.fn(async () => {
      const events = [
        { type: 'start', conversation, question, answerId: 'a1' },
        { type: 'reasoning', text: '先看光线。' },
        { type: 'content', text: '## 建议\n\n- 加' },
        { type: 'content', text: '暖光' },
        { type: 'done', messageId: 'a1', conversationId: 'c1' },
      ];
      return new Response(
        [...events.map((e) => `data: ${JSON.stringify(e)}`), 'data: [DONE]', ''].join('\n\n'),
        { status: 200, headers: { 'content-type': 'text/event-stream' } },
      );
    });
    vi.stubGlobal('fetch', stream);
    setup({ gemini: false, gpt: true });

    const send = await screen.findByRole('button', { name: /发送/ });
    expect(send).toBeDisabled();
    expect(screen.getByText('需要先上传一张图片才能提问')).toBeInTheDocument();
    expect(await screen.findByText(/剩余 3 次/)).toBeInTheDocument();
    expect(screen.getByRole('switch')).toBeChecked();

    chatStore.getState().setImage(IMAGE);
    const box = screen.getByRole('textbox', { name: /描述你的问题/ });
    fireEvent.change(box, { target: { value: '客厅怎么改？' } });
    // Shift+Enter is a new line, not a send.
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(stream).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });

    expect(await screen.findByRole('heading', { name: '建议' })).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('加暖光');
    const [, init] = stream.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      model: 'gpt',
      inputMessage: '客厅怎么改？',
      uploadedImage: IMAGE,
      deepThinking: true,
    });
    const fold = screen.getByRole('button', { name: '已深度思考' });
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(fold);
    expect(screen.getByText('先看光线。')).toBeInTheDocument();
    await waitFor(() => expect(chatStore.getState().uploadedImage).toBe('/api/files/f1'));
  });

  it(
    'loads more history while fewer conversations are shown than there are',
    { timeout: 60_000 },
    async () => {
      vi.stubGlobal('fetch', vi.fn());
      const total = 53;
      const api = setup({ gemini: false, gpt: true }, (call) => {
        const { page, pageSize } = call.body as { page: number; pageSize: number };
        const list = Array.from({ length: total }, (_, i) => ({
          ...conversation,
          id: `c${i + 1}`,
          title: `对话 ${i + 1}`,
        })).slice((page - 1) * pageSize, page * pageSize);
        return ok({ list, total, page, pageSize });
      });
      // Text queries: role queries over 150 buttons are too slow for jsdom on a busy machine.
      const titles = () => document.querySelectorAll('.hj-chat__side .hj-convs__title');
      expect(await screen.findByText('对话 50')).toBeInTheDocument();
      expect(titles()).toHaveLength(50);
      expect(screen.queryByText('对话 51')).not.toBeInTheDocument();

      fireEvent.click(screen.getByText('加载更多'));
      expect(await screen.findByText('对话 53')).toBeInTheDocument();
      expect(titles()).toHaveLength(total);
      expect(screen.queryByText('加载更多')).not.toBeInTheDocument();
      expect(api.callsTo('POST', '/ai/gptTalkHistory').map((c) => c.body)).toEqual([
        { page: 1, pageSize: 50 },
        { page: 2, pageSize: 50 },
      ]);
    },
  );

  it('says when no model is configured and never sends', async () => {
    vi.stubGlobal('fetch', vi.fn());
    setup({ gemini: false, gpt: false });
    expect(await screen.findByText('AI 助手尚未接入语言模型')).toBeInTheDocument();
    chatStore.getState().setImage(IMAGE);
    await waitFor(() => expect(screen.getByRole('button', { name: /发送/ })).toBeDisabled());
  });
});
