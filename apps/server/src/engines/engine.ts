/**
 * The engine port: what the task worker asks of any engine (local CPU algorithms, ComfyUI, an
 * OpenAI-compatible image API). Engines know nothing of tickets, users or the queue; they turn
 * input files and validated parameters into output files, report progress and honour cancel.
 */

import type { Capability } from '@huijing/tools';

export { capabilities, type Capability } from '@huijing/tools';

export type EngineId = 'local' | 'comfyui' | 'openai-images' | 'dashscope' | 'ark';

export interface EngineFile {
  /** Absolute path of a file on local disk (storage adapters materialise inputs here). */
  path: string;
  mime: string;
  width?: number;
  height?: number;
}

export interface EngineOutput {
  path: string;
  mime: string;
  kind: 'image' | 'video';
  width: number;
  height: number;
  /** Seconds, for videos. */
  duration?: number;
  /** Which hosted call made it: the ids a provider's support desk asks for. */
  provider?: ProviderCall;
  /**
   * How much of the input's structure it kept, 0–1 (structure-guard.ts), for tools that promise
   * to keep the space; absent for others.
   */
  structureScore?: number;
}

export interface ProviderCall {
  provider: string;
  model: string;
  requestId?: string;
  taskId?: string;
}

export interface EngineJob {
  /** Our task id; engines that talk to a server use it as their own request id where they can. */
  taskId: string;
  toolId: string;
  capability: Capability;
  /** Parameters already validated against the tool's schema (cnStrength, promptTxt, …). */
  params: Record<string, unknown>;
  /**
   * The positive prompt the task pipeline composed for a generative tool (the designer's words
   * plus the catalogue names and option phrases of their picks; modules/tasks/prompt-compose.ts).
   * Absent when an engine is called directly; engines then fall back to the raw parameters.
   */
  prompt?: string;
  /**
   * One prompt per picture, when the pictures of a run differ (a tool that spreads them over an
   * option, e.g. the multi-angle render's views; ToolDefinition.spread). `prompt` is then the
   * first picture's. An engine that makes pictures one at a time uses prompts[i] for the i-th;
   * absent, every picture takes `prompt`.
   */
  prompts?: string[];
  /**
   * The free second run after a result lost the input's structure (structure-guard.ts): engines
   * ask harder to keep it (a stricter prompt; ComfyUI also holds the ControlNet harder).
   */
  strictStructure?: boolean;
  /**
   * The Chinese prompt(s) the hosted engines send, from the tool's template (ToolDefinition
   * .hosted, composed in modules/tasks/prompt-compose.ts); `prompts` as above, per picture.
   * Render templates already say how to keep the space for the input's kind.
   */
  hosted?: { prompt: string; prompts?: string[] };
  /** Named inputs: upload_img, style_img, mask, frames_0…, as the tool declares. */
  inputs: Record<string, EngineFile>;
  /** A private scratch directory for this run; outputs are written inside it. */
  workDir: string;
  signal: AbortSignal;
  onProgress: (progress: { percent: number; message?: string }) => void;
}

export interface EngineHealth {
  status: 'up' | 'down' | 'unconfigured';
  detail?: string;
}

/** One server behind an engine that spreads jobs over several (ComfyUI with a COMFYUI_URL list). */
export interface EngineBackend {
  /** Without credentials. */
  url: string;
  status: 'up' | 'down' | 'unknown';
  detail: string | null;
  /** Jobs this process runs there now. */
  running: number;
  /** The server's own queue at the last probe, when it tells. */
  queue: { running: number; pending: number } | null;
  checkedAt: string | null;
}

export interface Engine {
  readonly id: EngineId;
  /** The capabilities this engine can serve as configured now. */
  readonly capabilities: readonly Capability[];
  health(): Promise<EngineHealth>;
  /** Its servers as last seen (health() refreshes them); absent for single-server engines. */
  backends?(): EngineBackend[];
  /** Runs one job; rejects with EngineError on failure and with an AbortError when canceled. */
  run(job: EngineJob): Promise<EngineOutput[]>;
  /** Ends its threads or connections at shutdown, after the worker stopped; bounded. */
  close?(): Promise<void>;
}

/**
 * A failure the user may see. `userMessage` is plain Chinese for designers; `detail` goes to the
 * log only. `retryable` marks failures worth one more try (a dropped connection, a busy server).
 */
export class EngineError extends Error {
  constructor(
    readonly userMessage: string,
    readonly detail?: string,
    readonly retryable = false,
  ) {
    super(detail ? `${userMessage}: ${detail}` : userMessage);
    this.name = 'EngineError';
  }
}

export const abortError = (): Error => {
  const e = new Error('任务已取消');
  e.name = 'AbortError';
  return e;
};
