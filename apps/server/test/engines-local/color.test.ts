import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineFile } from '../../src/engines/engine';
import { atmospheres } from '../../src/engines/local/color-grade.capability';
import { expectMonotonicTo100, pixels, roomSvg, runJob, tempDir, writeImage } from './fixtures';

/** Mean CIE Lab (D65) of an image, computed independently of the engine's OpenCV path. */
const labMean = async (file: string) => {
  const img = await pixels(file);
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const sum = [0, 0, 0];
  const n = img.width * img.height;
  for (let p = 0; p < n; p += 1) {
    const [r, g, b] = [0, 1, 2].map((c) => lin(img.data[p * 3 + c]!)) as [number, number, number];
    const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
    const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
    const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
    sum[0]! += 116 * y - 16;
    sum[1]! += 500 * (x - y);
    sum[2]! += 200 * (y - z);
  }
  return sum.map((s) => s / n);
};

/** Mean luminance, R−B warmth, HSV-ish saturation and luminance spread of an image. */
const measure = async (file: string, columns?: number) => {
  const img = await pixels(file);
  const n = img.width * img.height;
  let luma = 0;
  let luma2 = 0;
  let warmth = 0;
  let sat = 0;
  let blue = 0;
  let counted = 0;
  for (let p = 0; p < n; p += 1) {
    if (columns !== undefined && p % img.width >= columns) continue;
    counted += 1;
    const [r, g, b] = [0, 1, 2].map((c) => img.data[p * 3 + c]!) as [number, number, number];
    const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    luma += y;
    luma2 += y * y;
    warmth += r - b;
    blue += b;
    const max = Math.max(r, g, b);
    sat += max ? (max - Math.min(r, g, b)) / max : 0;
  }
  const mean = luma / counted;
  return {
    luma: mean,
    spread: Math.sqrt(luma2 / counted - mean * mean),
    warmth: warmth / counted,
    sat: sat / counted,
    blue: blue / counted,
  };
};

describe('local color-transfer', () => {
  let dir: string;
  let room: EngineFile;
  let sunset: EngineFile;
  beforeAll(async () => {
    dir = await tempDir();
    room = await writeImage(dir, 'room', roomSvg(240, 180));
    sunset = await writeImage(
      dir,
      'sunset',
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="150"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff8040"/><stop offset="1" stop-color="#402060"/></linearGradient></defs><rect width="200" height="150" fill="url(#s)"/></svg>`,
    );
  });

  it('moves the Lab means toward the reference, in proportion to strength', async () => {
    const source = await labMean(room.path);
    const target = await labMean(sunset.path);
    const gap = (m: number[]) => Math.hypot(...m.map((v, c) => v - target[c]!));
    const strong = await runJob('color-transfer', { upload_img: room, style_img: sunset }, {}, dir);
    const weak = await runJob(
      'color-transfer',
      { upload_img: room, style_img: sunset },
      { cnStrength: 30 },
      dir,
    );
    const strongGap = gap(await labMean(strong.outputs[0]!.path));
    const weakGap = gap(await labMean(weak.outputs[0]!.path));
    // Default strength 0.8 closes most of the distance; 30 % closes less, but some.
    expect(strongGap).toBeLessThan(gap(source) * 0.35);
    expect(weakGap).toBeLessThan(gap(source) * 0.9);
    expect(weakGap).toBeGreaterThan(strongGap);
    expect([strong.outputs[0]!.width, strong.outputs[0]!.height]).toEqual([240, 180]);
    expectMonotonicTo100(strong.progress);
  });
});

describe('local color-grade', () => {
  let dir: string;
  let room: EngineFile;
  let base: Awaited<ReturnType<typeof measure>>;
  beforeAll(async () => {
    dir = await tempDir();
    room = await writeImage(dir, 'room', roomSvg(240, 180));
    base = await measure(room.path);
  });

  const grade = async (atmosphere: string, strength = 1) => {
    const { outputs } = await runJob(
      'color-grade',
      { upload_img: room },
      { atmosphere, strength },
      dir,
    );
    return measure(outputs[0]!.path);
  };

  it('night is much darker and bluer, yet the window stays lit', async () => {
    const { outputs } = await runJob(
      'color-grade',
      { upload_img: room },
      { atmosphere: 'night' },
      dir,
    );
    const night = await measure(outputs[0]!.path);
    expect(night.luma).toBeLessThan(base.luma * 0.6);
    // Away from the window (left half: wall, sofa, floor) the light turns blue.
    const unlit = await measure(outputs[0]!.path, 120);
    const day = await measure(room.path, 120);
    expect(unlit.blue / unlit.luma).toBeGreaterThan((day.blue / day.luma) * 1.15);
    // The white window frame (the day picture's brightest part) glows lamp-warm.
    const img = await pixels(outputs[0]!.path);
    const frame = (30 * 240 + 170) * 3; // on the window's top bar at 240×180
    expect(img.data[frame]!).toBeGreaterThan(night.luma * 2);
  });

  it('dusk is warmer and darker; warm is warmer; cool is bluer', async () => {
    const dusk = await grade('dusk');
    expect(dusk.warmth).toBeGreaterThan(base.warmth + 10);
    expect(dusk.luma).toBeLessThan(base.luma);
    const warm = await grade('warm');
    expect(warm.warmth).toBeGreaterThan(base.warmth + 10);
    const cool = await grade('cool');
    expect(cool.blue).toBeGreaterThan(base.blue + 8);
    expect(cool.warmth).toBeLessThan(base.warmth - 10);
  });

  it('snow is brighter and paler; overcast flatter and greyer; sunny and day livelier', async () => {
    const snow = await grade('snow');
    expect(snow.luma).toBeGreaterThan(base.luma + 5);
    expect(snow.sat).toBeLessThan(base.sat * 0.75);
    const overcast = await grade('overcast');
    expect(overcast.spread).toBeLessThan(base.spread * 0.9);
    expect(overcast.sat).toBeLessThan(base.sat * 0.85);
    const sunny = await grade('sunny');
    expect(sunny.sat).toBeGreaterThan(base.sat * 1.1);
    expect(sunny.spread).toBeGreaterThan(base.spread);
    const day = await grade('day');
    expect(day.luma).toBeGreaterThan(base.luma);
  });

  it('strength 0 leaves the picture as it was; every preset changes it at full strength', async () => {
    const untouched = await grade('night', 0);
    expect(untouched).toEqual(base);
    for (const atmosphere of atmospheres) {
      const graded = await grade(atmosphere);
      expect(graded, atmosphere).not.toEqual(base);
    }
  });
});
