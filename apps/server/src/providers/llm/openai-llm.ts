import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsBase,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { LlmError } from './llm';
import type { LlmAnswer, LlmChatOptions, LlmDelta, LlmMessage, LlmModel, LlmProvider } from './llm';
import { createThinkSplitter, splitThink } from './think-splitter';

/** One model choice's endpoint: any OpenAI-compatible chat completions server. */
export interface LlmTarget {
  baseUrl: string;
  /** Local servers (Ollama, vLLM) often need none. */
  apiKey?: string;
  model: string;
  /** The model asked when the messages carry pictures (Qwen-VL beside Qwen); absent: `model`. */
  visionModel?: string;
  /**
   * Request fields that turn thinking on where a server needs asking (Gemini's
   * `reasoning_effort`, Qwen3's `enable_thinking`), sent only with `reasoning: true`.
   */
  reasoningParams?: Record<string, unknown>;
}

export interface OpenAiLlmOptions {
  targets: Partial<Record<LlmModel, LlmTarget>>;
  /** Longest silence allowed: before the first byte and between two streamed chunks. */
  idleTimeoutMs: number;
}

/** Servers differ in where they put reasoning: DeepSeek `reasoning_content`, others `reasoning`. */
type ReasoningDelta = { reasoning_content?: string | null; reasoning?: string | null };

const NOT_CONFIGURED = '智能助手尚未配置该模型，请联系管理员';

/** Transport and API failures as an LlmError with a message a designer can act on. */
export const toLlmError = (error: unknown, why?: 'timeout' | 'aborted'): LlmError => {
  if (error instanceof LlmError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  if (why === 'aborted') return new LlmError('aborted', '已停止生成', undefined, detail);
  if (why === 'timeout' || error instanceof APIConnectionTimeoutError) {
    return new LlmError('timeout', '模型长时间没有响应，请稍后再试', undefined, detail);
  }
  if (error instanceof APIConnectionError) {
    return new LlmError('upstream', '无法连接到模型服务，请稍后再试', undefined, detail);
  }
  if (error instanceof APIError) {
    const status = error.status;
    if (status === 401 || status === 403) {
      return new LlmError('auth', '模型服务鉴权失败，请联系管理员检查密钥', status, detail);
    }
    if (status === 429) {
      return new LlmError('rate-limited', '模型服务当前繁忙，请稍后再试', status, detail);
    }
    if (status === 400 || status === 413 || status === 422) {
      return new LlmError(
        'bad-request',
        '模型无法处理这次提问（图片或内容可能不受支持），请调整后再试',
        status,
        detail,
      );
    }
    return new LlmError('upstream', '模型服务出错了，请稍后再试', status, detail);
  }
  return new LlmError('upstream', '与模型服务的连接中断了，请重试', undefined, detail);
};

const toWire = (messages: LlmMessage[]): ChatCompletionMessageParam[] =>
  messages.map((m) =>
    m.role === 'user'
      ? { role: 'user', content: m.content }
      : m.role === 'system'
        ? {
            role: 'system',
            content: typeof m.content === 'string' ? m.content : textOf(m.content),
          }
        : {
            role: 'assistant',
            content: typeof m.content === 'string' ? m.content : textOf(m.content),
          },
  );

const textOf = (parts: Exclude<LlmMessage['content'], string>) =>
  parts
    .map((p) => (p.type === 'text' ? p.text : ''))
    .filter(Boolean)
    .join('\n');

/**
 * The LLM port over the `openai` SDK with a base URL per model choice, so Gemini's
 * OpenAI-compatible endpoint, DeepSeek, Qwen, vLLM or Ollama all fit. Retries are off: a question
 * costs tickets and a second answer after a half-streamed first one would confuse the reader.
 */
export const createOpenAiLlm = (options: OpenAiLlmOptions): LlmProvider => {
  const clients = new Map<LlmModel, { client: OpenAI; target: LlmTarget }>();
  const clientFor = (model: LlmModel) => {
    const target = options.targets[model];
    if (!target) throw new LlmError('unconfigured', NOT_CONFIGURED);
    let entry = clients.get(model);
    if (!entry) {
      entry = {
        client: new OpenAI({
          baseURL: target.baseUrl,
          // The SDK insists on a key; keyless servers ignore the header.
          apiKey: target.apiKey || 'no-key',
          maxRetries: 0,
          timeout: options.idleTimeoutMs,
        }),
        target,
      };
      clients.set(model, entry);
    }
    return entry;
  };

  const paramsOf = (target: LlmTarget, messages: LlmMessage[], o: LlmChatOptions) => {
    const pictures = messages.some(
      (m) => Array.isArray(m.content) && m.content.some((p) => p.type === 'image_url'),
    );
    const params = {
      model: (pictures && target.visionModel) || target.model,
      messages: toWire(messages),
      ...(o.maxTokens !== undefined && { max_tokens: o.maxTokens }),
      ...(o.temperature !== undefined && { temperature: o.temperature }),
    } satisfies Partial<ChatCompletionCreateParamsBase>;
    // Operator-set fields the SDK does not know; ours win so they cannot replace the question.
    return o.reasoning && target.reasoningParams
      ? ({ ...target.reasoningParams, ...params } as typeof params)
      : params;
  };

  return {
    configured: (model) => Boolean(options.targets[model]),

    async chat(model, messages, o = {}): Promise<LlmAnswer> {
      const { client, target } = clientFor(model);
      try {
        const completion = await client.chat.completions.create(
          { ...paramsOf(target, messages, o), stream: false },
          { signal: o.signal },
        );
        const message = completion.choices[0]?.message as
          ({ content?: string | null } & ReasoningDelta) | undefined;
        const split = splitThink(message?.content ?? '');
        const fieldReasoning = message?.reasoning_content ?? message?.reasoning ?? '';
        return { content: split.content, reasoning: fieldReasoning + split.reasoning };
      } catch (error) {
        throw toLlmError(error, o.signal?.aborted ? 'aborted' : undefined);
      }
    },

    async *stream(model, messages, o = {}): AsyncIterable<LlmDelta> {
      const { client, target } = clientFor(model);
      // Our own controller: the caller's signal and the idle watchdog both end the request.
      const controller = new AbortController();
      let why: 'timeout' | 'aborted' | undefined;
      const onAbort = () => {
        why ??= 'aborted';
        controller.abort();
      };
      if (o.signal?.aborted) throw toLlmError(new Error('aborted before start'), 'aborted');
      o.signal?.addEventListener('abort', onAbort, { once: true });
      let idle: NodeJS.Timeout | undefined;
      const watch = () => {
        clearTimeout(idle);
        idle = setTimeout(() => {
          why ??= 'timeout';
          controller.abort();
        }, options.idleTimeoutMs);
      };
      const splitter = createThinkSplitter();
      let finished = false;
      try {
        watch();
        const stream = await client.chat.completions.create(
          { ...paramsOf(target, messages, o), stream: true },
          { signal: controller.signal },
        );
        for await (const chunk of stream as AsyncIterable<ChatCompletionChunk>) {
          watch();
          const choice = chunk.choices[0];
          if (!choice) continue;
          const delta = choice.delta as ChatCompletionChunk.Choice.Delta & ReasoningDelta;
          const reasoning = delta.reasoning_content ?? delta.reasoning;
          if (reasoning) yield { kind: 'reasoning', text: reasoning };
          if (delta.content) yield* splitter.push(delta.content);
          if (choice.finish_reason) finished = true;
        }
        // The SDK ends quietly when aborted; a body that stops without a finish reason was cut.
        if (why) throw new Error(why);
        if (!finished) throw new Error('stream ended without a finish reason');
        yield* splitter.end();
      } catch (error) {
        throw toLlmError(error, why);
      } finally {
        clearTimeout(idle);
        o.signal?.removeEventListener('abort', onAbort);
        // Leaving early (the consumer stopped) must not leave the upstream request running.
        controller.abort();
      }
    },
  };
};
