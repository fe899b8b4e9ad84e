import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineFile } from '../../src/engines/engine';
import { colourfulShare, roomPalette } from '../../src/engines/local/plan-fill';
import { pixels, runJob, tempDir, writeImage } from './fixtures';

/** A CAD-style black-and-white plan: an outer wall, three rooms, a door gap, a text label. */
const planSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">
  <rect width="300" height="200" fill="#fff"/>
  <g stroke="#111" stroke-width="4" fill="none">
    <rect x="20" y="20" width="260" height="160"/>
    <line x1="150" y1="20" x2="150" y2="180"/>
    <line x1="150" y1="100" x2="280" y2="100"/>
  </g>
  <text x="60" y="110" font-size="10" fill="#111">LIVING</text>
</svg>`;

describe('沿用原图色 on a black-and-white line plan', () => {
  let dir: string;
  let plan: EngineFile;
  beforeAll(async () => {
    dir = await tempDir();
    plan = await writeImage(dir, 'plan', planSvg);
  });

  it('fills each room from the palette, keeps the walls dark and the outside white', async () => {
    const before = await pixels(plan.path);
    expect(colourfulShare(new Uint8Array((await pixels(plan.path, 4)).data), 300, 200)).toBe(0);
    const { outputs } = await runJob('color-flat-plan', { upload_img: plan }, {}, dir);
    const after = await pixels(outputs[0]!.path);
    const at = (x: number, y: number) => {
      const i = (y * 300 + x) * 3;
      return [after.data[i]!, after.data[i + 1]!, after.data[i + 2]!];
    };
    const rooms = [at(85, 60), at(215, 60), at(215, 140)];
    for (const c of rooms) expect(roomPalette.map(String)).toContain(String(c));
    // Three rooms, three different colours; the biggest (left) gets the first.
    expect(new Set(rooms.map(String)).size).toBe(3);
    expect(at(85, 60)).toEqual([...roomPalette[0]!]);
    expect(at(5, 5)).toEqual([255, 255, 255]);
    expect(at(20, 100).every((v) => v < 60)).toBe(true);
    expect(before.data.length).toBe(after.data.length);
    // Now the plan has colour: most of the inside is colourful.
    expect(
      colourfulShare(new Uint8Array((await pixels(outputs[0]!.path, 4)).data), 300, 200),
    ).toBeGreaterThan(0.5);
  });

  it('keeps a monochrome request monochrome', async () => {
    const { outputs } = await runJob(
      'color-flat-plan',
      { upload_img: plan },
      { palette: 'mono' },
      dir,
    );
    const after = await pixels(outputs[0]!.path, 4);
    expect(colourfulShare(new Uint8Array(after.data), 300, 200)).toBeLessThan(0.01);
  });
});
