import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as tfNamespace from '@tensorflow/tfjs';
import type { LayersModel, Tensor, io } from '@tensorflow/tfjs';
import { abortError } from '../engine';

type Tf = typeof tfNamespace;

const requireFromHere = createRequire(import.meta.url);

/** Walks up from a package's entry file to its root (the one holding package.json). */
const packageRoot = (name: string): string => {
  let dir = path.dirname(requireFromHere.resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package root of ${name} not found`);
    dir = parent;
  }
  return dir;
};

let tfLoading: Promise<{ tf: Tf }> | undefined;

/**
 * tfjs on its WASM backend, with the .wasm binaries read from the installed package: nothing is
 * fetched. Loaded lazily so servers that never upscale with AI do not pay for it at boot.
 */
const loadTf = (): Promise<{ tf: Tf }> => {
  tfLoading ??= (async () => {
    const tf = await import('@tensorflow/tfjs');
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    wasm.setWasmPaths(`${path.join(packageRoot('@tensorflow/tfjs-backend-wasm'), 'dist')}/`);
    await tf.setBackend('wasm');
    await tf.ready();
    return { tf };
  })();
  tfLoading.catch(() => {
    tfLoading = undefined;
  });
  return tfLoading;
};

const models = new Map<number, Promise<LayersModel>>();

/**
 * The ESRGAN-slim weights (RDN architecture, plain Keras layers, 0–255 in and out) ship in the
 * npm package under models/x{scale}. We hand tfjs the JSON and the weight shards read from disk
 * through a custom IO handler instead of letting it fetch a URL.
 */
const loadModel = (tf: Tf, scale: 2 | 4): Promise<LayersModel> => {
  let model = models.get(scale);
  if (!model) {
    const dir = path.join(packageRoot('@upscalerjs/esrgan-slim'), 'models', `x${scale}`);
    model = tf.loadLayersModel({
      load: async () => {
        const json = JSON.parse(fs.readFileSync(path.join(dir, 'model.json'), 'utf8')) as {
          modelTopology: object;
          format?: string;
          generatedBy?: string;
          convertedBy?: string;
          weightsManifest: {
            paths: string[];
            weights: io.WeightsManifestEntry[];
          }[];
        };
        const shards = json.weightsManifest.flatMap((group) =>
          group.paths.map((p) => fs.readFileSync(path.join(dir, p))),
        );
        const weights = Buffer.concat(shards);
        return {
          modelTopology: json.modelTopology,
          format: json.format,
          generatedBy: json.generatedBy,
          convertedBy: json.convertedBy ?? undefined,
          weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
          weightData: weights.buffer.slice(
            weights.byteOffset,
            weights.byteOffset + weights.byteLength,
          ),
        };
      },
    });
    models.set(scale, model);
    model.catch(() => models.delete(scale));
  }
  return model;
};

/** Input pixels per tile side; the model is fully convolutional, tiles only bound memory. */
const tileSize = 96;
/** Context around each tile so seams fall where the network saw both sides. */
const overlap = 8;

/**
 * Super-resolves packed RGB (3 bytes per pixel) tile by tile. Each tile is run with `overlap`
 * pixels of context and only its core is kept, which hides seams; progress and cancel are
 * checked between tiles.
 */
export const esrganUpscale = async (
  rgb: Buffer,
  width: number,
  height: number,
  scale: 2 | 4,
  options: { signal: AbortSignal; onTile: (done: number, total: number) => void },
): Promise<Buffer> => {
  const { tf } = await loadTf();
  const model = await loadModel(tf, scale);
  const outWidth = width * scale;
  const out = Buffer.alloc(outWidth * height * scale * 3);
  const cols = Math.ceil(width / tileSize);
  const rows = Math.ceil(height / tileSize);
  let done = 0;
  for (let ty = 0; ty < rows; ty += 1) {
    for (let tx = 0; tx < cols; tx += 1) {
      if (options.signal.aborted) throw abortError();
      const x0 = tx * tileSize;
      const y0 = ty * tileSize;
      const x1 = Math.min(width, x0 + tileSize);
      const y1 = Math.min(height, y0 + tileSize);
      const rx0 = Math.max(0, x0 - overlap);
      const ry0 = Math.max(0, y0 - overlap);
      const rx1 = Math.min(width, x1 + overlap);
      const ry1 = Math.min(height, y1 + overlap);
      const rw = rx1 - rx0;
      const rh = ry1 - ry0;
      const patch = new Float32Array(rw * rh * 3);
      for (let y = 0; y < rh; y += 1) {
        const src = ((ry0 + y) * width + rx0) * 3;
        for (let i = 0; i < rw * 3; i += 1) patch[y * rw * 3 + i] = rgb[src + i]!;
      }
      const result = tf.tidy(() => {
        const input = tf.tensor4d(patch, [1, rh, rw, 3]);
        return (model.predict(input) as Tensor).clipByValue(0, 255);
      });
      const values = await result.data();
      result.dispose();
      const pw = rw * scale;
      for (let y = (y0 - ry0) * scale; y < (y1 - ry0) * scale; y += 1) {
        const oy = ry0 * scale + y;
        for (let x = (x0 - rx0) * scale; x < (x1 - rx0) * scale; x += 1) {
          const ox = rx0 * scale + x;
          const s = (y * pw + x) * 3;
          const d = (oy * outWidth + ox) * 3;
          out[d] = Math.round(values[s]!);
          out[d + 1] = Math.round(values[s + 1]!);
          out[d + 2] = Math.round(values[s + 2]!);
        }
      }
      done += 1;
      options.onTile(done, rows * cols);
      // Yield so an abort signal (and the rest of the server) gets a turn between tiles.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return out;
};
