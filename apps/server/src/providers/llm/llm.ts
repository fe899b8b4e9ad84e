/**
 * The language-model port: OpenAI-compatible chat completions behind the two model choices the
 * assistant offers (spec §1 "gemini / gpt"), plus `qwen`: Qwen and Qwen-VL on the DashScope key
 * (its OpenAI-compatible mode), which the prompt tools and captions use when neither is set. The assistant, the image-editing model and the prompt
 * tools all use this one port; the adapter (openai SDK with a base URL) lives beside it.
 */
export type LlmModel = 'gemini' | 'gpt' | 'qwen';

export type LlmContentPart =
  | { type: 'text'; text: string }
  /** `url` is an https URL or a `data:image/...;base64,` URL (vision input). */
  | { type: 'image_url'; image_url: { url: string } };

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | LlmContentPart[];
}

/** One piece of a streamed answer: the model's visible answer or its reasoning ("deep thinking"). */
export interface LlmDelta {
  kind: 'content' | 'reasoning';
  text: string;
}

export interface LlmChatOptions {
  signal?: AbortSignal;
  maxTokens?: number;
  temperature?: number;
  /** Ask for reasoning output where the model offers it (deep thinking). */
  reasoning?: boolean;
}

export interface LlmAnswer {
  content: string;
  reasoning: string;
}

export interface LlmProvider {
  /** Whether base URL, key and model id are set for this choice. */
  configured(model: LlmModel): boolean;
  /** A whole answer (reasoning split out of `reasoning_content` or `<think>` blocks). */
  chat(model: LlmModel, messages: LlmMessage[], options?: LlmChatOptions): Promise<LlmAnswer>;
  /** The answer as it arrives. Throws on transport errors; aborts with `options.signal`. */
  stream(
    model: LlmModel,
    messages: LlmMessage[],
    options?: LlmChatOptions,
  ): AsyncIterable<LlmDelta>;
}

/**
 * Why a model call failed, in words a designer can act on (`message` is zh-CN and safe to show);
 * `status` is the upstream HTTP status when there was one, `detail` goes to the log only.
 */
export type LlmErrorKind =
  'unconfigured' | 'auth' | 'rate-limited' | 'bad-request' | 'upstream' | 'timeout' | 'aborted';

export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly status?: number,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}
