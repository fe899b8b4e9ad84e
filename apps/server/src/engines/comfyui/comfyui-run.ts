import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { abortError, EngineError } from '../engine';
import { ComfyUnreachableError } from './comfyui.client';
import type { ComfyHistoryEntry, ComfyUiClient } from './comfyui.client';
import { ComfyProgress } from './comfyui-progress';
import type { ComfyGraph } from './workflow-binding';

export interface RunPromptOptions {
  promptId: string;
  extraData?: Record<string, unknown>;
  signal: AbortSignal;
  timeoutMs: number;
  onProgress: (percent: number, message?: string) => void;
  /** The slice of the job's percent this run reports in. */
  range?: [number, number];
  /** How often to ask /history while the WebSocket is down. */
  pollIntervalMs?: number;
  reconnectDelayMs?: number;
  /**
   * Give up on a server that stays unreachable this long (ComfyUnreachableError), so another
   * backend can take the job. Unset: keep trying until the run's deadline (one backend: it may
   * be restarting and there is nowhere else to go).
   */
  lostAfterMs?: number;
}

type Message = { type: string; data: Record<string, unknown> };

/**
 * Queues one prompt and follows it to the end. The WebSocket gives progress; /history is the
 * record of truth, so when the socket drops the run keeps polling /history (and reconnects) and
 * a disconnect never loses a finished result. Resolves with the history entry.
 */
export const runPrompt = (
  client: ComfyUiClient,
  graph: ComfyGraph,
  options: RunPromptOptions,
): Promise<{ promptId: string; entry: ComfyHistoryEntry }> =>
  new Promise((resolve, reject) => {
    const clientId = randomUUID();
    const progress = new ComfyProgress(graph, options.range ?? [5, 95]);
    const pollMs = options.pollIntervalMs ?? 1500;
    const reconnectMs = options.reconnectDelayMs ?? 1000;
    let promptId: string | undefined;
    let ws: WebSocket | undefined;
    let wsUp = false;
    let settled = false;
    let cancelRequested = false;
    let lastReported = -1;
    let missingPolls = 0;
    let unreachableSince: number | undefined;
    const early: Message[] = [];
    const timers = new Set<NodeJS.Timeout>();

    const later = (ms: number, fn: () => void) => {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
    };
    const report = (message?: string) => {
      const p = progress.percent();
      if (p !== lastReported || message) {
        lastReported = p;
        options.onProgress(p, message);
      }
    };

    const cleanup = () => {
      settled = true;
      timers.forEach(clearTimeout);
      timers.clear();
      options.signal.removeEventListener('abort', onAbort);
      ws?.removeAllListeners();
      ws?.on('error', () => {});
      ws?.terminate();
    };
    const fail = (e: Error) => {
      if (settled) return;
      cleanup();
      reject(e);
    };

    /** Fetches the finished entry; history is written just after the last WebSocket event. */
    const finish = async () => {
      if (settled || !promptId) return;
      for (let attempt = 0; attempt < 20 && !settled; attempt++) {
        try {
          const entry = await client.getHistory(promptId);
          if (entry && settled) return;
          if (entry) {
            const failure = failureOf(entry);
            if (failure) return fail(failure);
            cleanup();
            return resolve({ promptId, entry });
          }
        } catch (e) {
          if (attempt >= 3) return fail(e as Error);
        }
        await new Promise((r) => setTimeout(r, Math.min(100 * 2 ** attempt, 1000)));
      }
      fail(
        new EngineError(
          '渲染服务没有返回结果',
          `prompt ${promptId} finished but has no history`,
          true,
        ),
      );
    };

    const failureOf = (entry: ComfyHistoryEntry): Error | undefined => {
      if (entry.status?.status_str !== 'error') return undefined;
      const messages = entry.status.messages ?? [];
      const error = messages.find(([t]) => t === 'execution_error');
      if (error) return executionError(error[1]);
      if (messages.some(([t]) => t === 'execution_interrupted'))
        return cancelRequested ? abortError() : interrupted();
      return new EngineError(
        '渲染过程中出错，请稍后重试',
        `prompt ${promptId} ended with an error`,
        true,
      );
    };

    const onMessage = (m: Message) => {
      if (settled) return;
      const data = m.data ?? {};
      // `status` only carries the server-wide queue length; our own position is not in it.
      if (m.type === 'status') return;
      if (!promptId) {
        // Events can beat POST /prompt's answer; keep them until we know which id is ours.
        if (data.prompt_id) early.push(m);
        return;
      }
      if (data.prompt_id !== promptId) return;
      switch (m.type) {
        case 'execution_start':
          report('开始渲染');
          break;
        case 'execution_cached':
          progress.cached((data.nodes as string[]) ?? []);
          report();
          break;
        case 'executing':
          if (data.node === null || data.node === undefined) void finish();
          else {
            progress.executing(String(data.node));
            report();
          }
          break;
        case 'progress':
          progress.step(String(data.node), Number(data.value), Number(data.max));
          report();
          break;
        case 'executed':
          progress.executed(String(data.node));
          report();
          break;
        case 'execution_success':
          void finish();
          break;
        case 'execution_error':
          fail(executionError(data));
          break;
        case 'execution_interrupted':
          fail(cancelRequested ? abortError() : interrupted());
          break;
      }
    };

    const connect = () => {
      if (settled) return;
      const socket = new WebSocket(client.wsUrl(clientId), { headers: client.headers() });
      ws = socket;
      socket.on('open', () => {
        wsUp = true;
        // Whatever happened while we were away is in /history.
        if (promptId) void poll(false);
      });
      socket.on('message', (raw, isBinary) => {
        // Binary frames are previews (4-byte event type + image); we only need the JSON events.
        if (isBinary) return;
        try {
          onMessage(JSON.parse(raw.toString()) as Message);
        } catch {
          // A malformed frame from a proxy is not worth failing a render over.
        }
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        if (settled || ws !== socket) return;
        const wasUp = wsUp;
        wsUp = false;
        if (wasUp && promptId) void poll(true);
        later(reconnectMs, connect);
      });
    };

    /** Asks /history (and /queue) whether our prompt ended; repeats while the socket is down. */
    const poll = async (repeat: boolean) => {
      if (settled || !promptId) return;
      try {
        const entry = await client.getHistory(promptId);
        if (entry) return void finish();
        const queue = await client.getQueue();
        unreachableSince = undefined;
        if (queue.running.includes(promptId) || queue.pending.includes(promptId)) missingPolls = 0;
        else if (++missingPolls >= 2)
          return fail(
            new EngineError(
              '渲染任务在服务器上丢失，请重试',
              `prompt ${promptId} is neither queued nor in history`,
              true,
            ),
          );
      } catch {
        // The server itself may be restarting; keep trying until the run's deadline, or until
        // lostAfterMs when another backend could take the job.
        unreachableSince ??= Date.now();
        const lost = options.lostAfterMs;
        if (lost !== undefined && Date.now() - unreachableSince >= lost)
          return fail(
            new ComfyUnreachableError(
              `prompt ${promptId}: no answer from the server for ${lost} ms`,
            ),
          );
      }
      if (repeat && !wsUp && !settled) later(pollMs, () => void poll(true));
    };

    const cancelOnServer = async () => {
      if (!promptId) return;
      const id = promptId;
      try {
        const queue = await client.getQueue();
        if (queue.running.includes(id)) await client.interrupt(id);
        else if (queue.pending.includes(id)) await client.deleteFromQueue([id]);
      } catch {
        // Without /queue we cannot tell whether ours is the running one; a bare /interrupt on
        // an older server would stop someone else's render, so only drop it from the queue.
        await client.deleteFromQueue([id]).catch(() => {});
      }
    };

    const onAbort = () => {
      if (settled) return;
      cancelRequested = true;
      void Promise.race([cancelOnServer(), new Promise((r) => setTimeout(r, 3000))]).then(() =>
        fail(abortError()),
      );
    };

    if (options.signal.aborted) return reject(abortError());
    options.signal.addEventListener('abort', onAbort, { once: true });
    later(options.timeoutMs, () => {
      if (settled) return;
      void cancelOnServer().finally(() =>
        fail(
          new EngineError('渲染超时，请稍后重试', `no result within ${options.timeoutMs} ms`, true),
        ),
      );
    });

    connect();
    client
      .queuePrompt(
        graph,
        { promptId: options.promptId, clientId, extraData: options.extraData },
        options.signal,
      )
      .then((queued) => {
        promptId = queued.promptId;
        if (settled) return void cancelOnServer();
        report('排队中');
        early.splice(0).forEach(onMessage);
        // With no socket (a proxy that refuses upgrades) the run still ends through /history.
        if (!wsUp) void poll(true);
      })
      .catch((e: Error) => fail(options.signal.aborted ? abortError() : e));
  });

const executionError = (data: Record<string, unknown>): EngineError => {
  const type = String(data.exception_type ?? 'Error');
  const detail = `node ${String(data.node_id)} (${String(data.node_type)}): ${type}: ${String(data.exception_message ?? '').trim()}`;
  // Out of GPU memory is usually about what else was running; one more try is reasonable.
  const retryable = /OutOfMemory|OOM/i.test(type + String(data.exception_message));
  return new EngineError('渲染过程中出错，请稍后重试或更换图片', detail, retryable);
};

const interrupted = () =>
  new EngineError('渲染任务被服务器中断，请重试', 'execution_interrupted by someone else', true);
