import type { LlmDelta } from './llm';

const OPEN = '<think>';
const CLOSE = '</think>';

/** Length of the longest suffix of `text` that is a proper prefix of `tag` (a tag cut in two). */
const partialTagAt = (text: string, tag: string): number => {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (text.endsWith(tag.slice(0, n))) return n;
  }
  return 0;
};

/**
 * Splits streamed content into answer and reasoning where a model inlines its reasoning as
 * `<think>…</think>` (DeepSeek-R1 on vLLM/Ollama, Qwen3 and friends). Chunks may cut a tag
 * anywhere (`<thi` + `nk>`), so a possible tag start at the end of a chunk is held back until the
 * next chunk decides it; nothing else is delayed. A stray `</think>` outside a block (servers
 * that strip the opening tag) is dropped rather than shown.
 */
export const createThinkSplitter = () => {
  let inThink = false;
  let pending = '';

  const emit = (out: LlmDelta[], kind: LlmDelta['kind'], text: string) => {
    if (!text) return;
    const last = out.at(-1);
    if (last && last.kind === kind) last.text += text;
    else out.push({ kind, text });
  };

  const push = (chunk: string): LlmDelta[] => {
    const out: LlmDelta[] = [];
    let text = pending + chunk;
    pending = '';
    while (text) {
      const kind = inThink ? 'reasoning' : 'content';
      const tags = inThink ? [CLOSE] : [OPEN, CLOSE];
      const hits = tags
        .map((tag) => ({ tag, at: text.indexOf(tag) }))
        .filter((h) => h.at >= 0)
        .sort((a, b) => a.at - b.at);
      const hit = hits[0];
      if (hit) {
        emit(out, kind, text.slice(0, hit.at));
        if (hit.tag === OPEN) inThink = true;
        else if (inThink) inThink = false;
        text = text.slice(hit.at + hit.tag.length);
        continue;
      }
      const cut = Math.max(...tags.map((tag) => partialTagAt(text, tag)));
      emit(out, kind, text.slice(0, text.length - cut));
      pending = text.slice(text.length - cut);
      text = '';
    }
    return out;
  };

  /** The end of the stream: whatever was held back is what it looked like. */
  const end = (): LlmDelta[] => {
    const out: LlmDelta[] = [];
    emit(out, inThink ? 'reasoning' : 'content', pending);
    pending = '';
    return out;
  };

  return { push, end };
};

/** A whole (non-streamed) answer split the same way. */
export const splitThink = (text: string): { content: string; reasoning: string } => {
  const splitter = createThinkSplitter();
  const parts = [...splitter.push(text), ...splitter.end()];
  const join = (kind: LlmDelta['kind']) =>
    parts
      .filter((p) => p.kind === kind)
      .map((p) => p.text)
      .join('');
  return { content: join('content'), reasoning: join('reasoning') };
};
