import { allTools, getTool } from '@huijing/tools';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  downloadStem,
  fileIdFromUrl,
  needsWatermark,
  planDownload,
  WATERMARK_TEXT,
} from './download-plan';
import {
  doneHref,
  doneVariantFor,
  outputAsInput,
  sendTargets,
  shareHref,
  variantForPath,
} from './send-to';
import { drawWatermark, watermarkLayout, type WatermarkContext } from './watermark';
import { uniqueNames, zipFiles } from './zip-files';
import { fitView, panBy, wheelFactor, zoomAt } from './zoom';

const id = '0b6f3c1e-7a52-4c1f-9d0e-3f1a2b4c5d6e';
const signed = `/api/files/${id}?exp=1790000000000&sig=abc`;

describe('download plan', () => {
  it('watermarks images of ticket types other than 1 and 2, never videos', () => {
    expect(needsWatermark(1, 'image')).toBe(false);
    expect(needsWatermark(2, 'image')).toBe(false);
    expect(needsWatermark(3, 'image')).toBe(true);
    expect(needsWatermark(4, 'image')).toBe(true);
    expect(needsWatermark(4, 'video')).toBe(false);
  });

  it('saves every image as PNG and redraws what is not PNG or gets a watermark', () => {
    const stem = downloadStem('to-line', id);
    expect(stem).toBe('huijing-to-line-0b6f3c1e');
    expect(planDownload({ kind: 'image', url: signed }, 0, stem, 1, 'image/png')).toEqual({
      name: 'huijing-to-line-0b6f3c1e-1.png',
      redraw: false,
      watermark: false,
    });
    expect(planDownload({ kind: 'image', url: signed }, 1, stem, 1, 'image/jpeg')).toEqual({
      name: 'huijing-to-line-0b6f3c1e-2.png',
      redraw: true,
      watermark: false,
    });
    expect(planDownload({ kind: 'image', url: '/x/a.png' }, 0, stem, 3)).toMatchObject({
      name: 'huijing-to-line-0b6f3c1e-1.png',
      redraw: true,
      watermark: true,
    });
    expect(planDownload({ kind: 'video', url: signed }, 2, stem, 4, 'video/mp4')).toEqual({
      name: 'huijing-to-line-0b6f3c1e-3.mp4',
      redraw: false,
      watermark: false,
    });
  });

  it('keeps a compressed file’s own format (no PNG redraw) unless a watermark goes on', () => {
    const stem = downloadStem('compress', id);
    expect(planDownload({ kind: 'image', url: signed }, 0, stem, 1, 'image/jpeg', true)).toEqual({
      name: 'huijing-compress-0b6f3c1e-1.jpg',
      redraw: false,
      watermark: false,
    });
    expect(planDownload({ kind: 'image', url: '/x/a.webp' }, 0, stem, 1, undefined, true)).toEqual({
      name: 'huijing-compress-0b6f3c1e-1.webp',
      redraw: false,
      watermark: false,
    });
    expect(planDownload({ kind: 'image', url: signed }, 0, stem, 3, 'image/jpeg', true)).toEqual({
      name: 'huijing-compress-0b6f3c1e-1.png',
      redraw: true,
      watermark: true,
    });
  });

  it('reads the file id from an output link, and nothing from other links', () => {
    expect(fileIdFromUrl(signed)).toBe(id);
    expect(fileIdFromUrl(`https://hj.example/api/files/${id}/thumb?w=320`)).toBe(id);
    expect(fileIdFromUrl('/api/files/not-an-id?x')).toBeUndefined();
    expect(fileIdFromUrl('https://evil.example/files/x.png')).toBeUndefined();
  });
});

describe('watermark', () => {
  it('scales with the shorter side, with a floor, inside the bottom-right corner', () => {
    const big = watermarkLayout(4000, 3000);
    expect(big.fontSize).toBe(96);
    expect(big.x).toBeLessThan(4000);
    expect(big.y).toBeLessThan(3000);
    expect(4000 - big.x).toBeGreaterThan(big.fontSize / 2);
    const tiny = watermarkLayout(200, 120);
    expect(tiny.fontSize).toBe(12);
    expect(tiny.x).toBe(200 - 10);
  });

  it('draws the text once at the layout position and leaves the context as it was', () => {
    // A recording 2D context: save/restore must bracket every style change.
    const log: string[] = [];
    const state = { font: '10px sans-serif', fillStyle: '#000', textAlign: 'start' };
    const stack: (typeof state)[] = [];
    const ctx = {
      ...state,
      textBaseline: 'alphabetic',
      shadowColor: 'transparent',
      shadowBlur: 0,
      shadowOffsetY: 0,
      save(this: typeof state) {
        stack.push({ font: this.font, fillStyle: this.fillStyle, textAlign: this.textAlign });
        log.push('save');
      },
      restore(this: typeof state) {
        Object.assign(this, stack.pop());
        log.push('restore');
      },
      fillText(this: typeof state, text: string, x: number, y: number) {
        log.push(`fillText ${text} ${x} ${y} ${this.textAlign} ${this.font}`);
      },
    } as unknown as WatermarkContext;
    const layout = drawWatermark(ctx, 1024, 768, WATERMARK_TEXT);
    expect(layout.fontSize).toBe(25);
    expect(log).toEqual([
      'save',
      expect.stringMatching(
        new RegExp(`^fillText ${WATERMARK_TEXT} ${layout.x} ${layout.y} right 600 25px `),
      ),
      'restore',
    ]);
    expect({ font: ctx.font, fillStyle: ctx.fillStyle, textAlign: ctx.textAlign }).toEqual(state);
  });
});

describe('photo.zip', () => {
  it('holds every file under a unique name with its bytes unchanged', () => {
    const a = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const b = new Uint8Array([9, 8, 7]);
    const zip = zipFiles([
      { name: 'x-1.png', data: a },
      { name: 'x-1.png', data: b },
      { name: 'clip.mp4', data: b },
    ]);
    const entries = unzipSync(zip);
    expect(Object.keys(entries).sort()).toEqual(['clip.mp4', 'x-1 (2).png', 'x-1.png']);
    expect(entries['x-1.png']).toEqual(a);
    expect(entries['x-1 (2).png']).toEqual(b);
    expect(uniqueNames(['a', 'a', 'a'])).toEqual(['a', 'a (2)', 'a (3)']);
  });
});

describe('send to the next tool and done pages', () => {
  it('offers only tools that take upload_img, never the tool itself', () => {
    for (const variant of ['done', 'done2', '3d'] as const) {
      const targets = sendTargets(variant, 'upscale');
      expect(targets.length).toBeGreaterThan(3);
      for (const t of targets) {
        expect(t.id).not.toBe('upscale');
        expect(t.inputs.some((i) => i.name === 'upload_img')).toBe(true);
      }
    }
    expect(sendTargets('done2').map((t) => t.id)).toContain('matting');
  });

  it('turns an image output into the next input with its own file id; videos cannot', () => {
    const output = { url: signed, thumbUrl: null, width: 800, height: 600, kind: 'image' as const };
    expect(outputAsInput(output)).toEqual({
      fileId: id,
      url: signed,
      thumbUrl: null,
      width: 800,
      height: 600,
    });
    expect(outputAsInput({ ...output, kind: 'video' })).toBeUndefined();
  });

  it('sends 3D render to /3dRenderDone, render tools to /done, the rest to /done2', () => {
    expect(doneHref(getTool('render-3d')!, 'a b')).toBe('/3dRenderDone?taskId=a%20b');
    expect(doneHref(getTool('indoor')!, 't1')).toBe('/done?taskId=t1');
    expect(doneHref(getTool('to-line')!, 't1')).toBe('/done2?taskId=t1');
    expect(shareHref('https://hj.example', getTool('to-line')!, 'tok')).toBe(
      'https://hj.example/done2?share=tok',
    );
    for (const tool of allTools) expect(['done', 'done2', '3d']).toContain(doneVariantFor(tool));
    expect(variantForPath('/3dRenderDone')).toBe('3d');
    expect(variantForPath('/done2')).toBe('done2');
    expect(variantForPath('/done')).toBe('done');
  });
});

describe('zoom', () => {
  it('keeps the point under the cursor still and snaps back to fit at 1×', () => {
    const at = { x: 100, y: -40 };
    const z = zoomAt(fitView, 2, at);
    expect(z.scale).toBe(2);
    // The image point under `at` before: (at - offset) / scale; it must be the same after.
    expect((at.x - z.x) / z.scale).toBeCloseTo(at.x / 1);
    expect((at.y - z.y) / z.scale).toBeCloseTo(at.y / 1);
    expect(zoomAt(z, 100).scale).toBe(8);
    expect(zoomAt(z, 0.1)).toEqual(fitView);
    expect(panBy(fitView, 30, 30)).toEqual(fitView);
    expect(panBy(z, 30, -10)).toEqual({ scale: 2, x: z.x + 30, y: z.y - 10 });
    expect(wheelFactor(-100)).toBeCloseTo(1.2);
    expect(wheelFactor(100)).toBeCloseTo(1 / 1.2);
  });
});
