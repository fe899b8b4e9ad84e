import type { ChatStreamEvent } from '@huijing/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AssistantApiError, streamQuestion } from './assistant.api';

const body = {
  model: 'gpt' as const,
  inputMessage: '问',
  uploadedImage: 'data:,',
  deepThinking: true,
};

const sse = (lines: string[]) =>
  new Response(lines.join('\n'), { status: 200, headers: { 'content-type': 'text/event-stream' } });

describe('streamQuestion', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('passes the events on in order and stops at [DONE]', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        sse([
          'data: {"type":"content","text":"你"}',
          '',
          ': keep-alive',
          'data: {"type":"content","text":"好"}',
          'data: [DONE]',
          'data: {"type":"content","text":"不该出现"}',
        ]),
      ),
    );
    const seen: ChatStreamEvent[] = [];
    await streamQuestion(body, (e) => seen.push(e), new AbortController().signal);
    expect(seen.map((e) => (e.type === 'content' ? e.text : e.type))).toEqual(['你', '好']);
  });

  it("shows a refusal's own message, and spec §8's text for bodies that are not envelopes", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { success: false, code: 40070, message: '请先上传一张图片再提问', data: null },
          { status: 400 },
        ),
      ),
    );
    const refused = streamQuestion(body, () => {}, new AbortController().signal);
    await expect(refused).rejects.toBeInstanceOf(AssistantApiError);
    await expect(refused).rejects.toThrow('请先上传一张图片再提问');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })),
    );
    await expect(streamQuestion(body, () => {}, new AbortController().signal)).rejects.toThrow(
      'HTTP error! status: 502',
    );
  });
});
