/** One server-sent event as a client sees it. */
export type SseEvent = { event: string; id?: string; data: string };

/**
 * Reads a `text/event-stream` body over real HTTP the way a browser's parser does: blocks split
 * at a blank line, `event:`, `id:`, multi-line `data:`, `retry:` and `:` comments. Resolves when
 * the stream ends; rejects when it is aborted (callers close streams that way). Shared by the
 * task-event tests and the push-vs-poll bench.
 */
export const readSse = async (
  body: AsyncIterable<Uint8Array>,
  on: {
    event?: (event: SseEvent) => void;
    comment?: (text: string) => void;
    retry?: (ms: number) => void;
  },
): Promise<void> => {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event: SseEvent = { event: 'message', data: '' };
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) on.comment?.(line.slice(1).trim());
        else if (line.startsWith('retry: ')) on.retry?.(Number(line.slice(7)));
        else if (line.startsWith('event: ')) event.event = line.slice(7);
        else if (line.startsWith('id: ')) event.id = line.slice(4);
        else if (line.startsWith('data: ')) {
          event.data += (hasData ? '\n' : '') + line.slice(6);
          hasData = true;
        }
      }
      if (hasData) on.event?.(event);
    }
  }
};
