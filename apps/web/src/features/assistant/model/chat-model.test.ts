import type { ChatMessage, ChatStreamEvent } from '@huijing/contracts';
import { describe, expect, it } from 'vitest';
import {
  LOCAL_ANSWER,
  LOCAL_QUESTION,
  applyStreamEvent,
  endStreaming,
  optimisticPair,
  questionBefore,
} from './chat-model';

const pair = optimisticPair({
  text: '怎么改？',
  imagePreview: 'data:image/png;base64,AAAA',
  model: 'gpt',
  deepThinking: true,
  at: '2026-01-01T00:00:00.000Z',
});
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

const run = (events: ChatStreamEvent[]) =>
  events.reduce((acc, e) => applyStreamEvent(acc.messages, e, acc.answerId), {
    messages: pair,
    answerId: LOCAL_ANSWER,
  });

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
    expect(r.answerId).toBe('a1');
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
    expect(pair[0]!.id).toBe(LOCAL_QUESTION);
  });
});
