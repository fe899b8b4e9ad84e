import { allTools, getTool } from '@huijing/tools';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { downloadStem, fileIdFromUrl, planDownload, servedWatermarked } from './download-plan';
import {
  doneHref,
  doneVariantFor,
  outputAsInput,
  sendTargets,
  shareHref,
  variantForPath,
} from './send-to';
import { uniqueNames, zipFiles } from './zip-files';
import { fitView, panBy, wheelFactor, zoomAt } from './zoom';

const id = '0b6f3c1e-7a52-4c1f-9d0e-3f1a2b4c5d6e';
const signed = `/api/files/${id}?exp=1790000000000&sig=abc`;

describe('download plan', () => {
  it('says the server marks gpt and video outputs for non-members only', () => {
    expect(servedWatermarked(1, false)).toBe(false);
    expect(servedWatermarked(2, false)).toBe(false);
    expect(servedWatermarked(3, false)).toBe(true);
    expect(servedWatermarked(4, false)).toBe(true);
    expect(servedWatermarked(3, true)).toBe(false);
    expect(servedWatermarked(4, true)).toBe(false);
  });

  it('saves every image as PNG and redraws only what is not PNG (the mark comes from the server)', () => {
    const stem = downloadStem('to-line', id);
    expect(stem).toBe('huijing-to-line-0b6f3c1e');
    expect(planDownload({ kind: 'image', url: signed }, 0, stem, 'image/png')).toEqual({
      name: 'huijing-to-line-0b6f3c1e-1.png',
      redraw: false,
    });
    expect(planDownload({ kind: 'image', url: signed }, 1, stem, 'image/jpeg')).toEqual({
      name: 'huijing-to-line-0b6f3c1e-2.png',
      redraw: true,
    });
    expect(planDownload({ kind: 'image', url: '/x/a.png' }, 0, stem)).toEqual({
      name: 'huijing-to-line-0b6f3c1e-1.png',
      redraw: false,
    });
    expect(planDownload({ kind: 'video', url: signed }, 2, stem, 'video/mp4')).toEqual({
      name: 'huijing-to-line-0b6f3c1e-3.mp4',
      redraw: false,
    });
  });

  it('keeps a compressed file’s own format (no PNG redraw)', () => {
    const stem = downloadStem('compress', id);
    expect(planDownload({ kind: 'image', url: signed }, 0, stem, 'image/jpeg', true)).toEqual({
      name: 'huijing-compress-0b6f3c1e-1.jpg',
      redraw: false,
    });
    expect(planDownload({ kind: 'image', url: '/x/a.webp' }, 0, stem, undefined, true)).toEqual({
      name: 'huijing-compress-0b6f3c1e-1.webp',
      redraw: false,
    });
  });

  it('reads the file id from an output link, and nothing from other links', () => {
    expect(fileIdFromUrl(signed)).toBe(id);
    expect(fileIdFromUrl(`https://hj.example/api/files/${id}/thumb?w=320`)).toBe(id);
    expect(fileIdFromUrl('/api/files/not-an-id?x')).toBeUndefined();
    expect(fileIdFromUrl('https://evil.example/files/x.png')).toBeUndefined();
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
