import { createRequire } from 'node:module';
import type * as cvNamespace from '@techstark/opencv-js';

export type Cv = typeof cvNamespace;

const requireFromHere = createRequire(import.meta.url);
let loading: Promise<{ cv: Cv }> | undefined;

/**
 * OpenCV.js is an Emscripten module that is itself a thenable: `await cv` (or returning it from
 * any promise) chases its `then` and never settles. So the module only ever travels boxed as
 * `{ cv }`, and we wait for onRuntimeInitialized once and share the result. Start-up is ~0.4 s.
 */
export const loadCv = (): Promise<{ cv: Cv }> => {
  loading ??= new Promise<{ cv: Cv }>((resolve, reject) => {
    try {
      const cv = requireFromHere('@techstark/opencv-js') as Cv & {
        onRuntimeInitialized?: () => void;
      };
      if (typeof cv.Mat === 'function') resolve({ cv });
      else cv.onRuntimeInitialized = () => resolve({ cv });
    } catch (error) {
      loading = undefined;
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
  return loading;
};

type Deletable = { delete(): void };

/**
 * Mats live in the WASM heap and are never garbage-collected: every Mat made inside `work` is
 * registered through `track` and deleted when it returns or throws.
 */
export const withMats = async <T>(
  work: (cv: Cv, track: <M extends Deletable>(mat: M) => M) => T | Promise<T>,
): Promise<T> => {
  const { cv } = await loadCv();
  const owned: Deletable[] = [];
  const track = <M extends Deletable>(mat: M): M => {
    owned.push(mat);
    return mat;
  };
  try {
    return await work(cv, track);
  } finally {
    for (const mat of owned.reverse()) mat.delete();
  }
};

type Mat = InstanceType<Cv['Mat']>;

/** Copies bytes into a new Mat without going through a JS number array (40 MP would crawl). */
export const matFromBytes = (
  cv: Cv,
  bytes: Uint8Array,
  rows: number,
  cols: number,
  type: number,
): Mat => {
  const mat = new cv.Mat(rows, cols, type);
  mat.data.set(bytes);
  return mat;
};
