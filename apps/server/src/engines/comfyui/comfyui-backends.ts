import { EngineError } from '../engine';
import type { EngineBackend } from '../engine';
import { ComfyUiClient, ComfyUnreachableError } from './comfyui.client';

/**
 * The ComfyUI servers of COMFYUI_URL (one or several). A job goes to the least busy backend that
 * is up (jobs this process runs there; ties take turns), so several GPUs share the work. A
 * backend that fails a probe or loses a job is skipped; after `retryAfterMs` the next job probes
 * it in the background and it rejoins once it answers. With every backend down, they are all
 * probed at once and the job fails with a retryable error if none answers.
 */

export interface ComfyBackend {
  readonly client: ComfyUiClient;
  /** The URL without credentials, for logs and the admin screen. */
  readonly label: string;
  /** Jobs this process runs there now. */
  running: number;
  status: 'up' | 'down' | 'unknown';
  detail: string | null;
  checkedAt: number | null;
  /** When a down backend may be probed again. */
  retryAt: number;
  /** The backend's own queue at the last probe (all of its clients, not just us). */
  queue: { running: number; pending: number } | null;
  probing: Promise<void> | undefined;
}

export interface BackendPoolOptions {
  urls: readonly string[];
  auth?: string;
  /** How long a failed backend is skipped before it is probed again. Default 15 s. */
  retryAfterMs?: number;
  /** A probe answers within this or the backend counts as down. Default 3 s. */
  probeTimeoutMs?: number;
  now?: () => number;
}

/** http://user:secret@gpu-1:8188/ → http://gpu-1:8188 */
export const backendLabel = (url: string): string => {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
};

/** Credentials in a backend's URL are its own basic auth (else COMFYUI_AUTH for all). */
const clientOptions = (url: string, auth: string | undefined) => {
  const u = new URL(url);
  if (!u.username) return { baseUrl: url, auth };
  const own = `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`;
  u.username = '';
  u.password = '';
  return { baseUrl: u.toString(), auth: own };
};

type SystemStats = { system?: { comfyui_version?: string }; devices?: { name?: string }[] };

export const createBackendPool = (options: BackendPoolOptions) => {
  const retryAfterMs = options.retryAfterMs ?? 15_000;
  const probeTimeoutMs = options.probeTimeoutMs ?? 3_000;
  const now = options.now ?? Date.now;
  const backends: ComfyBackend[] = options.urls.map((url) => ({
    client: new ComfyUiClient(clientOptions(url, options.auth)),
    label: backendLabel(url),
    running: 0,
    status: 'unknown',
    detail: null,
    checkedAt: null,
    retryAt: 0,
    queue: null,
    probing: undefined,
  }));
  let turn = 0;

  const markDown = (backend: ComfyBackend, detail: string) => {
    backend.status = 'down';
    backend.detail = detail;
    backend.checkedAt = now();
    backend.retryAt = now() + retryAfterMs;
  };

  /** GET /system_stats (and /queue) within probeTimeoutMs; concurrent callers share one probe. */
  const probe = (backend: ComfyBackend): Promise<void> =>
    (backend.probing ??= (async () => {
      const signal = AbortSignal.timeout(probeTimeoutMs);
      try {
        const [stats, queue] = await Promise.all([
          backend.client.systemStats(signal) as Promise<SystemStats>,
          backend.client.getQueue(signal).catch(() => undefined),
        ]);
        backend.status = 'up';
        backend.checkedAt = now();
        backend.detail = [
          `ComfyUI ${stats.system?.comfyui_version ?? '?'}`,
          stats.devices?.[0]?.name,
        ]
          .filter(Boolean)
          .join(', ');
        backend.queue = queue
          ? { running: queue.running.length, pending: queue.pending.length }
          : null;
      } catch (e) {
        const detail = e instanceof EngineError ? (e.detail ?? e.message) : String(e);
        markDown(backend, signal.aborted ? `${probeTimeoutMs} ms 内无响应` : detail);
      } finally {
        backend.probing = undefined;
      }
    })());

  /** Down backends whose pause is over are probed in the background (they rejoin when up). */
  const revisit = () => {
    for (const b of backends) {
      if (b.status === 'down' && now() >= b.retryAt && !b.probing) {
        b.retryAt = now() + retryAfterMs;
        void probe(b);
      }
    }
  };

  /** The least busy usable backend not in `skip`; ties go round the list. */
  const pick = (skip: ReadonlySet<ComfyBackend>, prefer?: ComfyBackend) => {
    const usable = backends.filter((b) => b.status !== 'down' && !skip.has(b));
    if (prefer && usable.includes(prefer)) return prefer;
    let best: ComfyBackend | undefined;
    for (let i = 0; i < backends.length; i += 1) {
      const b = backends[(turn + i) % backends.length]!;
      if (usable.includes(b) && (!best || b.running < best.running)) best = b;
    }
    if (best) turn = (backends.indexOf(best) + 1) % backends.length;
    return best;
  };

  return {
    backends,
    size: backends.length,
    markDown,
    probe,

    /**
     * Takes a backend for one job (release it when done). `skip`: backends that already failed
     * this job; `prefer`: one to use while it is up (a trained LoRA lives on its own backend).
     */
    async acquire(skip: ReadonlySet<ComfyBackend> = new Set(), prefer?: ComfyBackend) {
      revisit();
      let chosen = pick(skip, prefer);
      if (!chosen) {
        // Nothing known to be up: ask every candidate now rather than fail on stale news.
        await Promise.all(backends.filter((b) => !skip.has(b)).map(probe));
        chosen = pick(skip, prefer);
      }
      if (!chosen) {
        throw new ComfyUnreachableError(
          `no ComfyUI backend answers: ${backends.map((b) => `${b.label} (${b.detail ?? '?'})`).join('; ')}`,
        );
      }
      chosen.running += 1;
      let released = false;
      return {
        backend: chosen,
        release: () => {
          if (released) return;
          released = true;
          chosen.running -= 1;
        },
      };
    },

    /** A job finished there: it is up (whatever the last probe said). */
    markUp: (backend: ComfyBackend) => {
      backend.status = 'up';
      backend.checkedAt = now();
    },

    /** What the admin engines screen shows per backend (as of the last probe or job). */
    snapshot: (): EngineBackend[] =>
      backends.map((b) => ({
        url: b.label,
        status: b.status,
        detail: b.detail,
        running: b.running,
        queue: b.queue,
        checkedAt: b.checkedAt === null ? null : new Date(b.checkedAt).toISOString(),
      })),
  };
};
export type BackendPool = ReturnType<typeof createBackendPool>;
