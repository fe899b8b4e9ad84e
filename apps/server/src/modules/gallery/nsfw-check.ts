import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import type { Logger } from 'pino';
import type { ModerationCheck } from './gallery.service';

const SIZE = 224;

/**
 * The worker's source. An eval worker (plain CommonJS) rather than a file beside this one: the
 * server ships as one esbuild bundle, so there is no second entry file to point a Worker at. The
 * model weights ship inside the nsfwjs package (dist/models/*.min.js); nothing is downloaded.
 * tfjs runs on its WASM backend (about 0.5 s per picture, where the pure-JS CPU backend takes
 * 10 s or more), off the event loop.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const tf = require(workerData.tfjs);
const wasm = require(workerData.wasm);
const ready = (async () => {
  wasm.setWasmPaths(workerData.wasmDir);
  await tf.setBackend('wasm');
  await tf.ready();
  tf.enableProdMode();
  const nsfw = require(workerData.nsfwjs);
  return nsfw.load('MobileNetV2', { size: ${SIZE} });
})();
ready.catch(() => {});
parentPort.on('message', async (msg) => {
  try {
    const model = await ready;
    const input = tf.tensor3d(msg.rgb, [${SIZE}, ${SIZE}, 3], 'int32');
    const preds = await model.classify(input, 5);
    input.dispose();
    const scores = {};
    for (const p of preds) scores[p.className] = Math.round(p.probability * 10000) / 10000;
    parentPort.postMessage({ id: msg.id, scores });
  } catch (e) {
    parentPort.postMessage({ id: msg.id, error: String(e && e.message || e) });
  }
});
`;

/** Flagged when explicit classes are likely (nsfwjs classes: Drawing, Hentai, Neutral, Porn, Sexy). */
export const isFlagged = (s: Record<string, number>): boolean =>
  (s.Porn ?? 0) > 0.5 || (s.Hentai ?? 0) > 0.5 || (s.Sexy ?? 0) > 0.7;

export type NsfwChecker = {
  check: ModerationCheck;
  /** Starts loading the model in the background (publish then answers at once). */
  warm: () => void;
  stop: () => Promise<void>;
};

/**
 * One worker thread, started on first use and kept. A check that fails or takes longer than
 * timeoutMs rejects; the caller then sends the picture to human review (fail closed).
 */
export const createNsfwChecker = (opts: { logger: Logger; timeoutMs: number }): NsfwChecker => {
  let worker: Worker | undefined;
  let seq = 0;
  const waiting = new Map<
    number,
    (r: { scores?: Record<string, number>; error?: string }) => void
  >();

  const start = () => {
    if (worker) return worker;
    const require = createRequire(import.meta.url);
    const wasm = require.resolve('@tensorflow/tfjs-backend-wasm');
    const wasmFile = require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm');
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        tfjs: require.resolve('@tensorflow/tfjs'),
        wasm,
        wasmDir: `${path.dirname(wasmFile)}${path.sep}`,
        nsfwjs: require.resolve('nsfwjs'),
      },
      // The model's console notices stay out of the server's log.
      stdout: true,
      stderr: true,
    });
    worker.unref();
    worker.on('message', (m: { id: number; scores?: Record<string, number>; error?: string }) => {
      waiting.get(m.id)?.(m);
      waiting.delete(m.id);
    });
    worker.on('error', (e) => {
      opts.logger.error({ err: e }, 'nsfw worker failed');
      for (const done of waiting.values()) done({ error: String(e) });
      waiting.clear();
      worker = undefined;
    });
    return worker;
  };

  const check: ModerationCheck = async (image) => {
    const rgb = await sharp(image, { limitInputPixels: 100_000_000 })
      .resize(SIZE, SIZE, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer();
    const w = start();
    const id = ++seq;
    const answer = await new Promise<{ scores?: Record<string, number>; error?: string }>(
      (resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve({ error: 'timeout' });
        }, opts.timeoutMs);
        waiting.set(id, (r) => {
          clearTimeout(timer);
          resolve(r);
        });
        const data = new Int32Array(rgb.length);
        for (let i = 0; i < rgb.length; i++) data[i] = rgb[i]!;
        w.postMessage({ id, rgb: data }, [data.buffer]);
      },
    );
    if (!answer.scores) throw new Error(`nsfw check failed: ${answer.error ?? 'unknown'}`);
    return { flagged: isFlagged(answer.scores), scores: answer.scores };
  };

  return {
    check,
    warm: () => void start(),
    stop: async () => {
      const w = worker;
      worker = undefined;
      if (w) await w.terminate();
    },
  };
};
