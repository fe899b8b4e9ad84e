import type { ChatMessage, ChatStreamEvent } from '@huijing/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyStreamEvent,
  endStreaming,
  localTurn,
  optimisticPair,
  questionBefore,
} from './chat-model';

const pending = {
  text: '怎么改？',
  imagePreview: 'data:image/png;base64,AAAA',
  model: 'gpt' as const,
  deepThinking: true,
  at: '2026-01-01T00:00:00.000Z',
};
const pair = optimisticPair(pending, localTurn(1));
const stored: ChatMessage = {
  ...pair[0]!,
  id: 'q1',
  image: { fileId: 'f1', url: '/api/files/f1', thumbUrl: null },
};
const start: ChatStreamEvent = {
  type: 'start',
  conversation: { id: 'c1', title: '怎么改？', model: 'gpt', createdAt: '', updatedAt: '' },
  question: stored,
  answerId: 'a1',
};

const run = (events: ChatStreamEvent[], messages = pair, turn = localTurn(1)) =>
  events.reduce((acc, e) => applyStreamEvent(acc.messages, e, acc.turn), { messages, turn });

describe('chat stream reducer', () => {
  it('names the messages on start, appends deltas in order and ends on done', () => {
    const r = run([
      start,
      { type: 'reasoning', text: '先看' },
      { type: 'reasoning', text: '光线。' },
      { type: 'content', text: '建议' },
      { type: 'content', text: '加灯' },
      { type: 'done', messageId: 'a1', conversationId: 'c1' },
    ]);
    expect(r.turn).toEqual({ questionId: 'q1', answerId: 'a1' });
    expect(r.messages.map((m) => m.id)).toEqual(['q1', 'a1']);
    expect(r.messages[1]).toMatchObject({
      reasoning: '先看光线。',
      content: '建议加灯',
      status: 'done',
    });
  });

  it('shows a mid-stream error in the answer, keeping what arrived', () => {
    const r = run([
      start,
      { type: 'content', text: '一半' },
      { type: 'error', code: 50270, error: '模型服务出错了' },
    ]);
    expect(r.messages[1]).toMatchObject({
      content: '一半',
      status: 'failed',
      error: '模型服务出错了',
    });
  });

  it('stops only a streaming answer and finds the question to regenerate', () => {
    const r = run([start, { type: 'content', text: '部分' }]);
    const stopped = endStreaming(r.messages, 'a1', { status: 'stopped', error: '已停止生成' });
    expect(stopped[1]).toMatchObject({ status: 'stopped', content: '部分' });
    const done = run([start, { type: 'done', messageId: 'a1', conversationId: 'c1' }]);
    expect(endStreaming(done.messages, 'a1', { status: 'failed', error: 'x' })[1]!.status).toBe(
      'done',
    );
    expect(questionBefore(stopped, 'a1')?.id).toBe('q1');
  });

  it("names only its own turn's pair, leaving an earlier failed pair alone", () => {
    const failed = endStreaming(pair, localTurn(1).answerId, { status: 'failed', error: '拒绝' });
    const both = [...failed, ...optimisticPair({ ...pending, text: '再问' }, localTurn(2))];
    const r = run(
      [
        start,
        { type: 'content', text: '好' },
        { type: 'done', messageId: 'a1', conversationId: 'c1' },
      ],
      both,
      localTurn(2),
    );
    expect(r.messages.map((m) => m.id)).toEqual(['local-question-1', 'local-answer-1', 'q1', 'a1']);
    expect(r.messages[1]).toMatchObject({ status: 'failed', error: '拒绝', content: '' });
    expect(r.messages[3]).toMatchObject({ status: 'done', content: '好' });
  });
});
