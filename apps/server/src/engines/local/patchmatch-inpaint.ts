/**
 * Exemplar-based inpainting: fills a hole with patches copied from the rest of the picture, found
 * with PatchMatch (Barnes et al. 2009) and blended by Wexler-style voting (Wexler, Shechtman,
 * Irani 2007), coarse to fine — the method behind "content-aware fill". Where diffusion (Telea,
 * Navier–Stokes) smears the surrounding colour into a blur, this continues texture: floor
 * boards, wall grain, foliage.
 *
 * Pure functions over pixel buffers (no OpenCV, no I/O), so they run on the main thread, in a
 * worker pool or in a test alike. Deterministic: a seeded generator, the same result each run.
 */

/** Interleaved 8-bit pixels (RGB or RGBA; alpha is copied, never filled). */
export interface PixelBuffer {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

export interface PatchMatchOptions {
  /** Patch half-size: patches are (2r+1)² pixels. */
  patchRadius?: number;
  /** PatchMatch sweeps per EM step. */
  sweeps?: number;
  /** EM steps at the coarsest level; finer levels take fewer. */
  emSteps?: number;
  seed?: number;
  /** Called between levels (cancel checks, progress 0–1). */
  onLevel?: (done: number) => void;
}

/** A small fast PRNG (mulberry32): deterministic fills. */
const rng = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/**
 * The radius of the widest disc that fits in the mask (chamfer 3-4 distance transform), in
 * pixels: how "thick" the painted region is. A scratch or wire is 1–4; an object is more.
 */
export const maskThickness = (mask: Uint8Array, width: number, height: number): number => {
  const big = 1 << 28;
  const d = new Int32Array(width * height);
  for (let i = 0; i < d.length; i += 1) d[i] = mask[i] ? big : 0;
  const at = (x: number, y: number) =>
    x < 0 || y < 0 || x >= width || y >= height ? 0 : d[y * width + x]!;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (!d[i]) continue;
      d[i] = Math.min(
        d[i]!,
        at(x - 1, y) + 3,
        at(x, y - 1) + 3,
        at(x - 1, y - 1) + 4,
        at(x + 1, y - 1) + 4,
      );
    }
  }
  let max = 0;
  for (let y = height - 1; y >= 0; y -= 1) {
    for (let x = width - 1; x >= 0; x -= 1) {
      const i = y * width + x;
      if (!d[i]) continue;
      d[i] = Math.min(
        d[i]!,
        at(x + 1, y) + 3,
        at(x, y + 1) + 3,
        at(x + 1, y + 1) + 4,
        at(x - 1, y + 1) + 4,
      );
      if (d[i]! > max) max = d[i]!;
    }
  }
  return max / 3;
};

/**
 * Thin strokes (scratches, wires, specks: at most this many pixels from their middle to their
 * edge) are filled by diffusion, which is seamless there; anything wider by exemplars.
 */
export const THIN_MASK_RADIUS = 4;

export const prefersExemplar = (mask: Uint8Array, width: number, height: number): boolean =>
  maskThickness(mask, width, height) > THIN_MASK_RADIUS;

/** Grows a 0/non-0 mask by `r` pixels (a square then a diamond pass: close to a disc). */
export const dilateMask = (
  mask: Uint8Array,
  width: number,
  height: number,
  r: number,
): Uint8Array => {
  let cur = Uint8Array.from(mask, (v) => (v ? 255 : 0));
  for (let step = 0; step < r; step += 1) {
    const next = Uint8Array.from(cur);
    const diag = step % 2 === 0;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        if (cur[y * width + x]) continue;
        let hit = false;
        for (let dy = -1; dy <= 1 && !hit; dy += 1) {
          for (let dx = -1; dx <= 1 && !hit; dx += 1) {
            if (!diag && dx !== 0 && dy !== 0) continue;
            const xx = x + dx;
            const yy = y + dy;
            if (xx >= 0 && yy >= 0 && xx < width && yy < height && cur[yy * width + xx]) hit = true;
          }
        }
        if (hit) next[y * width + x] = 255;
      }
    }
    cur = next;
  }
  return cur;
};

/** One pyramid level: 3 float channels, the hole, and where valid source patches are. */
interface Level {
  w: number;
  h: number;
  img: Float32Array;
  hole: Uint8Array;
}

const downsample = (lv: Level): Level => {
  const w = Math.max(1, lv.w >> 1);
  const h = Math.max(1, lv.h >> 1);
  const img = new Float32Array(w * h * 3);
  const hole = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      let n = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      let any = 0;
      for (let dy = 0; dy < 2; dy += 1) {
        for (let dx = 0; dx < 2; dx += 1) {
          const sx = Math.min(lv.w - 1, 2 * x + dx);
          const sy = Math.min(lv.h - 1, 2 * y + dy);
          const s = sy * lv.w + sx;
          if (lv.hole[s]) {
            any = 1;
            continue;
          }
          r += lv.img[s * 3]!;
          g += lv.img[s * 3 + 1]!;
          b += lv.img[s * 3 + 2]!;
          n += 1;
        }
      }
      const i = y * w + x;
      hole[i] = any;
      if (n) {
        img[i * 3] = r / n;
        img[i * 3 + 1] = g / n;
        img[i * 3 + 2] = b / n;
      }
    }
  }
  return { w, h, img, hole };
};

/** Centres whose whole patch lies inside the picture and outside the hole. */
const validSources = (lv: Level, r: number): Uint8Array => {
  const { w, h, hole } = lv;
  const integral = new Int32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y += 1) {
    let row = 0;
    for (let x = 0; x < w; x += 1) {
      row += hole[y * w + x] ? 1 : 0;
      integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1]! + row;
    }
  }
  const valid = new Uint8Array(w * h);
  for (let y = r; y < h - r; y += 1) {
    for (let x = r; x < w - r; x += 1) {
      const x0 = x - r;
      const y0 = y - r;
      const x1 = x + r + 1;
      const y1 = y + r + 1;
      const sum =
        integral[y1 * (w + 1) + x1]! -
        integral[y0 * (w + 1) + x1]! -
        integral[y1 * (w + 1) + x0]! +
        integral[y0 * (w + 1) + x0]!;
      if (sum === 0) valid[y * w + x] = 1;
    }
  }
  return valid;
};

/** Fills a hole roughly (onion peel: each ring the mean of its known neighbours). */
const roughFill = (lv: Level) => {
  const { w, h, img } = lv;
  const known = Uint8Array.from(lv.hole, (v) => (v ? 0 : 1));
  let left = known.reduce((n, k) => n + (k ? 0 : 1), 0);
  while (left > 0) {
    const ring: number[] = [];
    for (let y = 0; y < h; y += 1) {
      for (let x = 0; x < w; x += 1) {
        const i = y * w + x;
        if (known[i]) continue;
        let n = 0;
        let r = 0;
        let g = 0;
        let b = 0;
        for (let dy = -1; dy <= 1; dy += 1) {
          for (let dx = -1; dx <= 1; dx += 1) {
            const xx = x + dx;
            const yy = y + dy;
            if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
            const j = yy * w + xx;
            if (!known[j]) continue;
            r += img[j * 3]!;
            g += img[j * 3 + 1]!;
            b += img[j * 3 + 2]!;
            n += 1;
          }
        }
        if (n) ring.push(i, r / n, g / n, b / n);
      }
    }
    if (ring.length === 0) break; // nothing known at all
    for (let k = 0; k < ring.length; k += 4) {
      const i = ring[k]!;
      img[i * 3] = ring[k + 1]!;
      img[i * 3 + 1] = ring[k + 2]!;
      img[i * 3 + 2] = ring[k + 3]!;
      known[i] = 1;
      left -= 1;
    }
  }
};

/**
 * PatchMatch + voting on one level. `nnf` (source centre per pixel, -1 where unused) carries
 * over between steps and levels.
 */
const solveLevel = (
  lv: Level,
  nnf: Int32Array,
  r: number,
  emSteps: number,
  sweeps: number,
  random: () => number,
) => {
  const { w, h, img, hole } = lv;
  const valid = validSources(lv, r);
  const sources: number[] = [];
  for (let i = 0; i < valid.length; i += 1) if (valid[i]) sources.push(i);
  if (sources.length === 0) return;
  // Targets: every centre whose patch touches the hole.
  const near = dilateMask(hole, w, h, r);
  const targets: number[] = [];
  for (let i = 0; i < near.length; i += 1) if (near[i]) targets.push(i);
  const dist = new Float64Array(w * h).fill(Infinity);

  const patchDistance = (t: number, s: number, cap: number): number => {
    const tx = t % w;
    const ty = (t / w) | 0;
    const sx = s % w;
    const sy = (s / w) | 0;
    let sum = 0;
    let n = 0;
    for (let dy = -r; dy <= r; dy += 1) {
      const yy = ty + dy;
      if (yy < 0 || yy >= h) continue;
      const trow = yy * w;
      const srow = (sy + dy) * w;
      for (let dx = -r; dx <= r; dx += 1) {
        const xx = tx + dx;
        if (xx < 0 || xx >= w) continue;
        const a = (trow + xx) * 3;
        const b = (srow + sx + dx) * 3;
        const d0 = img[a]! - img[b]!;
        const d1 = img[a + 1]! - img[b + 1]!;
        const d2 = img[a + 2]! - img[b + 2]!;
        sum += d0 * d0 + d1 * d1 + d2 * d2;
        n += 1;
      }
      if (sum > cap * n) return Infinity;
    }
    return n ? sum / n : Infinity;
  };
  const tryCandidate = (t: number, s: number) => {
    if (s < 0 || s >= valid.length || !valid[s] || s === nnf[t]) return;
    const d = patchDistance(t, s, dist[t]!);
    if (d < dist[t]!) {
      dist[t] = d;
      nnf[t] = s;
    }
  };
  const shifted = (s: number, dx: number, dy: number) => {
    const x = (s % w) + dx;
    const y = ((s / w) | 0) + dy;
    return x < 0 || y < 0 || x >= w || y >= h ? -1 : y * w + x;
  };

  for (let step = 0; step < emSteps; step += 1) {
    // Distances against the current estimate; a target without a valid match gets a random one.
    for (const t of targets) {
      const s = nnf[t]!;
      if (s < 0 || !valid[s]) nnf[t] = sources[Math.floor(random() * sources.length)]!;
      dist[t] = patchDistance(t, nnf[t]!, Infinity);
    }
    for (let sweep = 0; sweep < sweeps; sweep += 1) {
      const forward = sweep % 2 === 0;
      const dir = forward ? 1 : -1;
      for (let k = 0; k < targets.length; k += 1) {
        const t = targets[forward ? k : targets.length - 1 - k]!;
        const x = t % w;
        const y = (t / w) | 0;
        // Propagation: a neighbour's match, shifted back by one.
        if (x - dir >= 0 && x - dir < w) {
          const n = nnf[t - dir]!;
          if (n >= 0) tryCandidate(t, shifted(n, dir, 0));
        }
        if (y - dir >= 0 && y - dir < h) {
          const n = nnf[t - dir * w]!;
          if (n >= 0) tryCandidate(t, shifted(n, 0, dir));
        }
        // Random search around the current match, halving the window.
        const best = nnf[t]!;
        const bx = best % w;
        const by = (best / w) | 0;
        for (let radius = Math.max(w, h); radius >= 1; radius >>= 1) {
          const cx = Math.round(bx + (random() * 2 - 1) * radius);
          const cy = Math.round(by + (random() * 2 - 1) * radius);
          if (cx < 0 || cy < 0 || cx >= w || cy >= h) continue;
          tryCandidate(t, cy * w + cx);
        }
        // A fresh random source now and then: escapes a poor local basin.
        tryCandidate(t, sources[Math.floor(random() * sources.length)]!);
      }
    }
    // Voting: each hole pixel becomes the weighted mean of what the overlapping patches say.
    const ds = targets.map((t) => dist[t]!).filter(Number.isFinite);
    ds.sort((a, b) => a - b);
    const sigma2 = Math.max(1, ds[Math.floor(ds.length * 0.75)] ?? 1);
    const acc = new Float64Array(w * h * 3);
    const wsum = new Float64Array(w * h);
    for (const t of targets) {
      const s = nnf[t]!;
      if (s < 0) continue;
      const weight = Math.exp(-dist[t]! / (2 * sigma2));
      const tx = t % w;
      const ty = (t / w) | 0;
      const sx = s % w;
      const sy = (s / w) | 0;
      for (let dy = -r; dy <= r; dy += 1) {
        const yy = ty + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -r; dx <= r; dx += 1) {
          const xx = tx + dx;
          if (xx < 0 || xx >= w) continue;
          const p = yy * w + xx;
          if (!hole[p]) continue;
          const q = (sy + dy) * w + sx + dx;
          acc[p * 3] = acc[p * 3]! + weight * img[q * 3]!;
          acc[p * 3 + 1] = acc[p * 3 + 1]! + weight * img[q * 3 + 1]!;
          acc[p * 3 + 2] = acc[p * 3 + 2]! + weight * img[q * 3 + 2]!;
          wsum[p] = wsum[p]! + weight;
        }
      }
    }
    for (let p = 0; p < w * h; p += 1) {
      if (!hole[p] || !wsum[p]) continue;
      img[p * 3] = acc[p * 3]! / wsum[p]!;
      img[p * 3 + 1] = acc[p * 3 + 1]! / wsum[p]!;
      img[p * 3 + 2] = acc[p * 3 + 2]! / wsum[p]!;
    }
  }
};

/**
 * Fills `mask` (non-zero = fill) in `image` from the rest of the picture. Returns a new buffer of
 * the same shape; pixels outside the mask are copied unchanged. Works on the hole's surroundings
 * (a margin of about the hole's own size), so a small object in a large photo stays quick.
 */
export const inpaintPatchMatch = (
  image: PixelBuffer,
  mask: Uint8Array,
  options: PatchMatchOptions = {},
): Uint8Array => {
  const { width, height, channels, data } = image;
  const r = options.patchRadius ?? 3;
  const random = rng(options.seed ?? 0x5eed);
  const out = Uint8Array.from(data);

  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!mask[y * width + x]) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX < 0) return out;
  const margin = Math.max(8 * r, Math.round(Math.max(maxX - minX, maxY - minY) * 1.2));
  const x0 = Math.max(0, minX - margin);
  const y0 = Math.max(0, minY - margin);
  const x1 = Math.min(width, maxX + margin + 1);
  const y1 = Math.min(height, maxY + margin + 1);
  const w = x1 - x0;
  const h = y1 - y0;

  const base: Level = { w, h, img: new Float32Array(w * h * 3), hole: new Uint8Array(w * h) };
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const i = y * w + x;
      const j = (y + y0) * width + x + x0;
      base.hole[i] = mask[j] ? 1 : 0;
      for (let c = 0; c < 3; c += 1) base.img[i * 3 + c] = data[j * channels + c]!;
    }
  }

  // Coarse to fine: halve until the hole is about a patch across, while enough source remains.
  const pyramid: Level[] = [base];
  let holeSpan = Math.max(maxX - minX, maxY - minY) + 1;
  while (holeSpan > 2 * (2 * r + 1)) {
    const next = downsample(pyramid.at(-1)!);
    if (next.w < 4 * r + 2 || next.h < 4 * r + 2) break;
    if (validSources(next, r).reduce((n, v) => n + v, 0) < 64) break;
    pyramid.push(next);
    holeSpan = Math.ceil(holeSpan / 2);
  }

  roughFill(pyramid.at(-1)!);
  let nnf = new Int32Array(pyramid.at(-1)!.w * pyramid.at(-1)!.h).fill(-1);
  const total = pyramid.length;
  for (let li = total - 1; li >= 0; li -= 1) {
    const lv = pyramid[li]!;
    // Most EM steps where they are cheap; the finest level only refines.
    const coarsest = options.emSteps ?? 5;
    const em = li === total - 1 ? coarsest : li === 0 ? 2 : 3;
    solveLevel(lv, nnf, r, em, options.sweeps ?? 2, random);
    options.onLevel?.((total - li) / total);
    if (li === 0) break;
    // Up one level: the hole starts from this level's fill, the matches from twice their place.
    const fine = pyramid[li - 1]!;
    const up = new Int32Array(fine.w * fine.h).fill(-1);
    for (let y = 0; y < fine.h; y += 1) {
      for (let x = 0; x < fine.w; x += 1) {
        const cx = Math.min(lv.w - 1, x >> 1);
        const cy = Math.min(lv.h - 1, y >> 1);
        const c = cy * lv.w + cx;
        const i = y * fine.w + x;
        if (fine.hole[i]) {
          fine.img[i * 3] = lv.img[c * 3]!;
          fine.img[i * 3 + 1] = lv.img[c * 3 + 1]!;
          fine.img[i * 3 + 2] = lv.img[c * 3 + 2]!;
        }
        const s = nnf[c]!;
        if (s >= 0) {
          const sx = Math.min(fine.w - 1, 2 * (s % lv.w) + (x & 1));
          const sy = Math.min(fine.h - 1, 2 * ((s / lv.w) | 0) + (y & 1));
          up[i] = sy * fine.w + sx;
        }
      }
    }
    nnf = up;
  }

  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const i = y * w + x;
      if (!base.hole[i]) continue;
      const j = (y + y0) * width + x + x0;
      for (let c = 0; c < 3; c += 1) {
        out[j * channels + c] = Math.max(0, Math.min(255, Math.round(base.img[i * 3 + c]!)));
      }
    }
  }
  return out;
};
