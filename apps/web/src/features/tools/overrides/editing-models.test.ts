import { toolForRoute, type ToolDefinition } from '@huijing/tools';
import { describe, expect, it } from 'vitest';
import { paramValues } from '../model/tool-params';
import { compressedName, extensionOf, formatBytes, savedPercent } from './file-size';
import { flattenPixels, parseHex } from './flatten';
import { formToolFor, overrideFor } from './index';
import { upscalePlan, printCentimetres } from './output-size';
import {
  applyMood,
  chroma,
  dominantColors,
  lab8ToRgb,
  rgbToLab8,
  samplePlanColors,
  type Rgb,
} from './palette-model';
import { focusFromPointer, zoomView } from './zoom-window';

const tool = (route: string): ToolDefinition => {
  const found = toolForRoute(route);
  if (!found) throw new Error(`no tool at ${route}`);
  return found;
};

describe('upscale output size', () => {
  it('multiplies the upload by the scale and rounds megapixels to one decimal', () => {
    expect(upscalePlan({ width: 1600, height: 1000 }, 2, 'lanczos')).toEqual({
      scale: 2,
      width: 3200,
      height: 2000,
      megapixels: 6.4,
    });
    expect(upscalePlan({ width: 1600, height: 1000 }, 4, 'lanczos')).toMatchObject({
      width: 6400,
      height: 4000,
      megapixels: 25.6,
    });
  });

  it('flags what the engine would refuse: over 40 MP out, or AI input over 1 MP', () => {
    expect(upscalePlan({ width: 2000, height: 1600 }, 4, 'lanczos').problem).toBe('too-large');
    expect(upscalePlan({ width: 2000, height: 1250 }, 2, 'lanczos').problem).toBeUndefined();
    expect(upscalePlan({ width: 1200, height: 900 }, 2, 'esrgan').problem).toBe(
      'ai-input-too-large',
    );
    expect(upscalePlan({ width: 1000, height: 1000 }, 2, 'esrgan').problem).toBeUndefined();
  });

  it('converts pixels to centimetres at 300 dpi', () => {
    expect(printCentimetres(3000)).toBe(25.4);
  });
});

describe('file sizes', () => {
  it('formats bytes, kilobytes and megabytes with binary units', () => {
    expect(formatBytes(830)).toBe('830 B');
    expect(formatBytes(12_697)).toBe('12.4 KB');
    expect(formatBytes(512_000)).toBe('500 KB');
    expect(formatBytes(3_732_930)).toBe('3.56 MB');
    expect(formatBytes(Number.NaN)).toBe('—');
  });

  it('names the compressed download by its own format, never as PNG by default', () => {
    expect(extensionOf('image/webp')).toBe('webp');
    expect(extensionOf('image/jpeg; charset=binary')).toBe('jpg');
    expect(extensionOf('application/octet-stream')).toBe('jpg');
    expect(compressedName('0b9f-22aa-77cc-1234', 'image/avif')).toBe(
      'huijing-compress-0b9f22aa.avif',
    );
  });

  it('says how much smaller the result is, negative when it grew', () => {
    expect(savedPercent(1000, 250)).toBe(75);
    expect(savedPercent(1000, 1200)).toBe(-20);
    expect(savedPercent(0, 10)).toBe(0);
  });
});

describe('zoomed comparison', () => {
  const picture = { width: 2000, height: 1000 };
  const pane = { width: 400, height: 300 };

  it('covers the pane at zoom 1 and centres the focus point', () => {
    const view = zoomView(picture, pane, { x: 0.5, y: 0.5 }, 1);
    expect(view.size).toEqual({ width: 600, height: 300 });
    expect(view.position).toEqual({ x: -100, y: 0 });
  });

  it('never scrolls past the picture edges', () => {
    const corner = zoomView(picture, pane, { x: 0, y: 0 }, 4);
    expect(corner.position).toEqual({ x: 0, y: 0 });
    const far = zoomView(picture, pane, { x: 1, y: 1 }, 4);
    expect(far.position).toEqual({ x: 400 - 2400, y: 300 - 1200 });
  });

  it('shows the same region of a smaller picture of the same aspect', () => {
    const a = zoomView(picture, pane, { x: 0.3, y: 0.6 }, 3);
    const b = zoomView({ width: 1000, height: 500 }, pane, { x: 0.3, y: 0.6 }, 3);
    expect(b).toEqual(a);
  });

  it('reads a pointer as a clamped 0–1 focus', () => {
    const rect = { left: 10, top: 20, width: 200, height: 100 };
    expect(focusFromPointer(rect, 60, 70)).toEqual({ x: 0.25, y: 0.5 });
    expect(focusFromPointer(rect, -50, 500)).toEqual({ x: 0, y: 1 });
  });
});

describe('matting background', () => {
  it('parses #rrggbb only', () => {
    expect(parseHex('#2F6FDE')).toEqual([47, 111, 222]);
    expect(parseHex('red')).toBeUndefined();
    expect(parseHex('#fff')).toBeUndefined();
  });

  it('composites over the colour and leaves every pixel opaque', () => {
    const px = new Uint8ClampedArray([
      200,
      100,
      50,
      255, // opaque subject: unchanged
      200,
      100,
      50,
      0, // background: the chosen colour
      200,
      100,
      50,
      128, // soft edge: a mix
    ]);
    flattenPixels(px, [0, 0, 255]);
    expect(Array.from(px.slice(0, 4))).toEqual([200, 100, 50, 255]);
    expect(Array.from(px.slice(4, 8))).toEqual([0, 0, 255, 255]);
    expect(Array.from(px.slice(8, 12))).toEqual([100, 50, 152, 255]);
  });
});

describe('palette previews', () => {
  it('round-trips sRGB through 8-bit Lab within a level', () => {
    for (const c of samplePlanColors) {
      const back = lab8ToRgb(rgbToLab8(c));
      back.forEach((v, i) => expect(Math.abs(v - c[i]!)).toBeLessThanOrEqual(1));
    }
  });

  it('applies the engine moods: mono is grey, vivid richer than original, soft paler', () => {
    const mono = applyMood(samplePlanColors, 'mono');
    for (const c of mono) expect(chroma(c)).toBeLessThan(2);
    const vivid = applyMood(samplePlanColors, 'vivid');
    const soft = applyMood(samplePlanColors, 'soft');
    samplePlanColors.forEach((c, i) => {
      expect(chroma(vivid[i]!)).toBeGreaterThan(chroma(c));
      expect(chroma(soft[i]!)).toBeLessThan(chroma(c));
      expect(rgbToLab8(soft[i]!)[0]).toBeGreaterThanOrEqual(rgbToLab8(c)[0] - 1);
    });
    expect(applyMood(samplePlanColors, 'original')).toEqual(
      samplePlanColors.map((c) => lab8ToRgb(rgbToLab8(c))),
    );
  });

  it('finds the dominant colours of a raster, largest area first, skipping transparency', () => {
    const fill = (c: Rgb, n: number, a = 255) => Array.from({ length: n }, () => [...c, a]).flat();
    const raster = [
      ...fill([20, 120, 40], 60),
      ...fill([230, 230, 230], 30),
      ...fill([200, 30, 30], 10),
      ...fill([0, 0, 255], 50, 0),
    ];
    expect(dominantColors(raster, 3)).toEqual([
      [20, 120, 40],
      [230, 230, 230],
      [200, 30, 30],
    ]);
    expect(dominantColors([0, 0, 0, 0], 3)).toEqual([]);
  });
});

describe('override registry', () => {
  it('leaves tools without an override as the registry draws them', () => {
    const t = tool('/toline');
    expect(formToolFor(t, {})).toBe(t);
  });

  it('drops only the parameters an override draws itself from the generated form', () => {
    const t = tool('/atmosphereChange');
    const form = formToolFor(t, overrideFor(t.id));
    expect(Object.keys(form.widgets)).not.toContain('atmosphere');
    expect(Object.keys(form.widgets)).toContain('strength');
    expect(t.widgets.atmosphere).toBeDefined();
  });

  it('keeps an optional parameter the designer set (compress target size)', () => {
    const t = tool('/compress');
    expect(paramValues(t, { targetKB: 500 })).toMatchObject({ targetKB: 500 });
    expect(paramValues(t, { nonsense: 1 })).not.toHaveProperty('nonsense');
  });
});
