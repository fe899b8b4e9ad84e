import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineFile } from '../../src/engines/engine';
import {
  dilateMask,
  inpaintPatchMatch,
  maskThickness,
  prefersExemplar,
} from '../../src/engines/local/patchmatch-inpaint';
import { pixels, rng, runJob, tempDir } from './fixtures';

/**
 * Object removal must leave background, not a smear. The picture: a wooden floor
 * (planks of varied tone with grain and noise) with a solid red box on it; the brush covers the
 * box. The measure, over the painted area against a ring 12 px wide around the grown mask:
 *  - colour: the Euclidean distance between the mean RGB of the two is under 14 (of 441);
 *  - texture: the standard deviation of luminance inside is 0.6–1.5× the ring's, and the mean
 *    squared gradient inside is 0.45–1.8× the ring's (a blur scores near 0 on both).
 * Telea, the diffusion method, is run on the same picture to show the measure tells them apart.
 */

const W = 200;
const H = 150;
const BOX = { x: 80, y: 50, w: 44, h: 40 };

const floor = (): Buffer => {
  const next = rng(7);
  const data = Buffer.alloc(W * H * 3);
  const plankTone = Array.from({ length: 20 }, () => 0.85 + next() * 0.3);
  for (let y = 0; y < H; y += 1) {
    const plank = Math.floor(y / 12);
    for (let x = 0; x < W; x += 1) {
      const seam = y % 12 === 0 ? 0.6 : 1;
      const grain = 1 + 0.08 * Math.sin((x + plank * 37) * 0.35 + Math.sin(y * 0.7) * 2);
      const noise = (next() - 0.5) * 18;
      const k = plankTone[plank % plankTone.length]! * seam * grain;
      const i = (y * W + x) * 3;
      data[i] = Math.max(0, Math.min(255, 150 * k + noise));
      data[i + 1] = Math.max(0, Math.min(255, 105 * k + noise));
      data[i + 2] = Math.max(0, Math.min(255, 70 * k + noise));
    }
  }
  return data;
};

const withBox = (data: Buffer): Buffer => {
  const out = Buffer.from(data);
  for (let y = BOX.y; y < BOX.y + BOX.h; y += 1) {
    for (let x = BOX.x; x < BOX.x + BOX.w; x += 1) {
      const i = (y * W + x) * 3;
      out[i] = 210;
      out[i + 1] = 20;
      out[i + 2] = 20;
    }
  }
  return out;
};

/** The brush: the box with a 3 px margin. */
const brush = (): Uint8Array => {
  const m = new Uint8Array(W * H);
  for (let y = BOX.y - 3; y < BOX.y + BOX.h + 3; y += 1) {
    for (let x = BOX.x - 3; x < BOX.x + BOX.w + 3; x += 1) m[y * W + x] = 255;
  }
  return m;
};

const luma = (d: Uint8Array | Buffer, ch: number, p: number) =>
  0.299 * d[p * ch]! + 0.587 * d[p * ch + 1]! + 0.114 * d[p * ch + 2]!;

/** Mean colour, luminance spread and mean squared gradient over the pixels `inside` selects. */
const stats = (d: Uint8Array | Buffer, ch: number, inside: (p: number) => boolean) => {
  const mean = [0, 0, 0];
  const lum: number[] = [];
  let grad = 0;
  let gn = 0;
  for (let y = 1; y < H - 1; y += 1) {
    for (let x = 1; x < W - 1; x += 1) {
      const p = y * W + x;
      if (!inside(p)) continue;
      for (let c = 0; c < 3; c += 1) mean[c]! += d[p * ch + c]!;
      lum.push(luma(d, ch, p));
      const gx = luma(d, ch, p + 1) - luma(d, ch, p - 1);
      const gy = luma(d, ch, p + W) - luma(d, ch, p - W);
      grad += gx * gx + gy * gy;
      gn += 1;
    }
  }
  const n = lum.length;
  const m = lum.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(lum.reduce((a, b) => a + (b - m) ** 2, 0) / n);
  return { mean: mean.map((v) => v / n), sd, grad: grad / gn };
};

const compare = (result: Uint8Array | Buffer, ch: number, painted: Uint8Array) => {
  const grown = dilateMask(painted, W, H, 3);
  const ring = dilateMask(grown, W, H, 12);
  const hole = stats(result, ch, (p) => painted[p]! > 0);
  const around = stats(result, ch, (p) => ring[p]! > 0 && !grown[p]);
  return {
    colour: Math.hypot(...hole.mean.map((v, c) => v - around.mean[c]!)),
    spread: hole.sd / around.sd,
    gradient: hole.grad / around.grad,
  };
};

describe('exemplar inpainting (PatchMatch)', () => {
  it('measures how thick a mask is, so thin scratches keep the diffusion fill', () => {
    const scratch = new Uint8Array(W * H);
    for (let x = 20; x < 180; x += 1) for (let y = 70; y < 73; y += 1) scratch[y * W + x] = 255;
    expect(maskThickness(scratch, W, H)).toBeLessThanOrEqual(2);
    expect(prefersExemplar(scratch, W, H)).toBe(false);
    expect(maskThickness(brush(), W, H)).toBeGreaterThan(15);
    expect(prefersExemplar(brush(), W, H)).toBe(true);
  });

  it('fills a removed object with floor that matches its surroundings in colour and texture', () => {
    const painted = brush();
    const region = dilateMask(painted, W, H, 2);
    const picture = withBox(floor());
    const out = inpaintPatchMatch({ data: picture, width: W, height: H, channels: 3 }, region);
    const m = compare(out, 3, painted);
    expect(m.colour).toBeLessThan(14);
    expect(m.spread).toBeGreaterThan(0.6);
    expect(m.spread).toBeLessThan(1.5);
    expect(m.gradient).toBeGreaterThan(0.45);
    expect(m.gradient).toBeLessThan(1.8);
    // Outside the region nothing changed; no red is left inside.
    for (let p = 0; p < W * H; p += 1) {
      if (!region[p]) expect(out[p * 3]).toBe(picture[p * 3]);
      else expect(out[p * 3]! - out[p * 3 + 1]!).toBeLessThan(120);
    }
    // Deterministic: the same picture fills the same way.
    const again = inpaintPatchMatch({ data: picture, width: W, height: H, channels: 3 }, region);
    expect(Buffer.from(again).equals(Buffer.from(out))).toBe(true);
  });

  describe('through the local engine (/clean)', () => {
    let dir: string;
    let photo: EngineFile;
    let mask: EngineFile;
    beforeAll(async () => {
      dir = await tempDir();
      photo = { path: path.join(dir, 'floor.png'), mime: 'image/png', width: W, height: H };
      await sharp(withBox(floor()), { raw: { width: W, height: H, channels: 3 } })
        .png()
        .toFile(photo.path);
      mask = { path: path.join(dir, 'mask.png'), mime: 'image/png', width: W, height: H };
      await sharp(Buffer.from(brush()), { raw: { width: W, height: H, channels: 1 } })
        .png()
        .toFile(mask.path);
    });

    it('uses exemplars by default for an object, and the result passes the measure', async () => {
      const { outputs } = await runJob('inpaint', { upload_img: photo, mask }, {}, dir);
      expect(path.basename(outputs[0]!.path)).toMatch(/^cleaned-patch-/);
      const after = await pixels(outputs[0]!.path, 3);
      const m = compare(after.data, 3, brush());
      expect(m.colour).toBeLessThan(14);
      expect(m.spread).toBeGreaterThan(0.6);
      expect(m.gradient).toBeGreaterThan(0.45);
    });

    it('Telea on the same picture leaves a smooth smear the measure rejects', async () => {
      const { outputs } = await runJob(
        'inpaint',
        { upload_img: photo, mask },
        { method: 'telea' },
        dir,
      );
      const after = await pixels(outputs[0]!.path, 3);
      const m = compare(after.data, 3, brush());
      expect(m.gradient).toBeLessThan(0.45);
    });
  });
});
