import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRUCTURE_THRESHOLD } from '../../src/engines/structure-guard';
import { structureScore } from '../../src/engines/structure-score';
import { sampleInput, SAMPLE_H as H, SAMPLE_W as W } from '../../src/modules/samples/sample-inputs';
import { makeTempDir } from '../helper';

/**
 * The threshold of docs/structure-guard.md, checked on variants of the repo's samples: what a
 * faithful render does (recolour, relight, retexture, re-encode, resize, empty the room, the
 * local tools' own results) scores above it; what a drifted one does (shift, rotate, zoom,
 * mirror, shear, another picture) below it.
 */

const SAMPLES = path.resolve(import.meta.dirname, '../../samples');
type Pair = { name: string; input: string; output: string; mask?: string };

let dir: string;
const faithful: Pair[] = [];
const drifted: Pair[] = [];

beforeAll(async () => {
  dir = await makeTempDir();
  const file = async (name: string, image: Sharp) => {
    const out = path.join(dir, `${name}.png`);
    await image.png().toFile(out);
    return out;
  };
  const room = (await sampleInput(dir, 'room')).path;
  const plan = (await sampleInput(dir, 'plan')).path;
  const mask = (await sampleInput(dir, 'mask')).path;
  const evening = (await sampleInput(dir, 'evening')).path;
  const empty = (await sampleInput(dir, 'empty-room')).path;
  const noise = await sharp({
    create: {
      width: W,
      height: H,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  const shift = (src: string, dx: number, dy: number) =>
    sharp(src)
      .extend({ left: dx, top: dy, extendWith: 'mirror' })
      .extract({ left: 0, top: 0, width: W, height: H });
  const zoom = (src: string, f: number) => {
    const [w, h] = [Math.round(W * f), Math.round(H * f)];
    const box = {
      left: Math.round((W - w) / 2),
      top: Math.round((H - h) / 2),
      width: w,
      height: h,
    };
    return sharp(src).extract(box).resize(W, H);
  };
  const rotate = async (src: string, deg: number) => {
    const turned = await sharp(src).rotate(deg, { background: '#888888' }).toBuffer();
    const m = await sharp(turned).metadata();
    const box = { left: (m.width - W) >> 1, top: (m.height - H) >> 1, width: W, height: H };
    return sharp(turned).extract(box);
  };
  for (const [n, src] of [
    ['room', room],
    ['plan', plan],
  ] as const) {
    const f = async (name: string, image: Sharp | Promise<Sharp>) =>
      faithful.push({
        name: `${n} ${name}`,
        input: src,
        output: await file(`${n}-${name}`, await image),
      });
    const d = async (name: string, image: Sharp | Promise<Sharp>) =>
      drifted.push({
        name: `${n} ${name}`,
        input: src,
        output: await file(`${n}-${name}`, await image),
      });
    await f('tinted', sharp(src).tint({ r: 255, g: 220, b: 180 }));
    await f(
      'hue and saturation',
      sharp(src).modulate({ hue: 120, saturation: 0.4, brightness: 1.2 }),
    );
    await f('darkened', sharp(src).gamma(3).linear(0.6, 0));
    await f('negated', sharp(src).negate({ alpha: false }));
    await f('grain', sharp(src).composite([{ input: noise, blend: 'soft-light' }]));
    await f('jpeg q15', sharp(await sharp(src).blur(1.5).jpeg({ quality: 15 }).toBuffer()));
    await f('at 1024x768', sharp(src).resize(1024, 768));
    await f('moved 3 px', shift(src, 3, 2));
    await d('shifted 6%', shift(src, 46, 0));
    await d('shifted 12%', shift(src, 92, 40));
    await d('rotated 4°', rotate(src, 4));
    await d('rotated 10°', rotate(src, 10));
    await d('zoomed to 85%', zoom(src, 0.85));
    await d('zoomed to 70%', zoom(src, 0.7));
    await d('mirrored', sharp(src).flop());
    await d(
      'sheared',
      sharp(src).affine([1, 0.15, 0, 1], { background: '#888888' }).resize(W, H, { fit: 'fill' }),
    );
  }
  const decor = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><radialGradient id="g" cx="0.7" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.5"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><rect x="250" y="170" width="40" height="60" fill="#2a6" opacity="0.7"/><rect x="300" y="320" width="60" height="20" rx="6" fill="#eee"/><circle cx="500" cy="430" r="18" fill="#335"/><g stroke="#000" stroke-opacity="0.15">${Array.from({ length: 30 }, (_, i) => `<line x1="0" y1="${i * 19}" x2="${W}" y2="${i * 19 + 7}"/>`).join('')}</g></svg>`,
  );
  const restyled = await file(
    'restyled',
    sharp(evening).composite([
      { input: decor, blend: 'soft-light' },
      { input: noise, blend: 'soft-light' },
    ]),
  );
  const sample = (name: string) => path.join(SAMPLES, name);
  faithful.push(
    { name: 'room in the evening palette', input: room, output: evening },
    { name: 'room emptied of furniture', input: room, output: empty },
    { name: 'room restyled: palette, light, grain, stripes, decor', input: room, output: restyled },
    {
      name: 'room restyled and moved 1%',
      input: room,
      output: await file('restyled-moved', shift(restyled, 8, 4)),
    },
    {
      name: 'atmosphere change (local tool)',
      input: sample('input-room.webp'),
      output: sample('tool-atmosphere-change.webp'),
    },
    {
      name: 'style transfer (local tool)',
      input: sample('input-room.webp'),
      output: sample('tool-style-transfer.webp'),
    },
    {
      name: 'object removal outside its mask (local tool)',
      input: sample('input-room.webp'),
      output: sample('tool-clean.webp'),
      mask,
    },
    {
      name: 'colour flat plan (local tool)',
      input: sample('input-plan.webp'),
      output: sample('tool-color-flat-plan.webp'),
    },
  );
  drifted.push(
    { name: 'room answered with the plan', input: room, output: plan },
    { name: 'plan answered with the room', input: plan, output: room },
    { name: 'room answered with noise', input: room, output: await file('noise', sharp(noise)) },
    {
      name: 'room answered with a flat picture',
      input: room,
      output: await file(
        'flat',
        sharp({ create: { width: W, height: H, channels: 3, background: '#b4aa96' } }),
      ),
    },
    {
      name: 'room shifted 12%, outside the mask',
      input: room,
      output: path.join(dir, 'room-shifted 12%.png'),
      mask,
    },
  );
}, 120_000);

afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('structure-kept score on the samples', () => {
  it('scores every faithful variant above the threshold and every drifted one below', async () => {
    const score = async (p: Pair) => ({ name: p.name, score: await structureScore(p) });
    const f = await Promise.all(faithful.map(score));
    const d = await Promise.all(drifted.map(score));
    for (const r of f) expect(r.score, r.name).toBeGreaterThan(STRUCTURE_THRESHOLD);
    for (const r of d) expect(r.score, r.name).toBeLessThan(STRUCTURE_THRESHOLD);
    // The unchanged geometry scores (nearly) full marks; the distributions do not touch.
    expect(Math.min(...f.map((r) => r.score))).toBeGreaterThan(Math.max(...d.map((r) => r.score)));
  }, 120_000);

  it('scores a picture against itself 1, and an input without lines 1 whatever came back', async () => {
    const room = path.join(dir, 'input-room.png');
    expect(await structureScore({ input: room, output: room })).toBe(1);
    const flat = path.join(dir, 'flat.png');
    expect(await structureScore({ input: flat, output: room })).toBe(1);
  });
});
