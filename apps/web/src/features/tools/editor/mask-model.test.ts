import { describe, expect, it } from 'vitest';
import {
  MaskDocument,
  binaryFromPixels,
  fillPolygon,
  maskToRgba,
  stampSegment,
} from './mask-model';

const at = (doc: MaskDocument, x: number, y: number) => doc.data[y * doc.width + x];

describe('mask raster', () => {
  it('a brush dab covers the pixels whose centres are within the radius', () => {
    const data = new Uint8Array(20 * 20);
    stampSegment(data, 20, 20, { x0: 10, y0: 10, x1: 10, y1: 10, radius: 3 }, 1);
    let n = 0;
    for (const v of data) n += v;
    // π·3² ≈ 28; pixel-centre sampling gives 28 or 32 depending on the grid.
    expect(n).toBeGreaterThanOrEqual(24);
    expect(n).toBeLessThanOrEqual(36);
    expect(data[10 * 20 + 10]).toBe(1);
    expect(data[10 * 20 + 14]).toBe(0);
  });

  it('a stroke is a capsule along its points and is clipped at the image edges', () => {
    const doc = new MaskDocument(100, 40);
    doc.beginStroke('paint', 10, -20, 20);
    doc.extendStroke(50, 20);
    doc.endStroke();
    expect(at(doc, 0, 20)).toBe(1);
    expect(at(doc, 50, 20)).toBe(1);
    expect(at(doc, 54, 20)).toBe(1);
    expect(at(doc, 56, 20)).toBe(0);
    expect(at(doc, 30, 14)).toBe(0);
    expect(at(doc, 30, 16)).toBe(1);
    // 50 px of it inside the image, 10 wide, plus a half disc (≈ 39 px) at the end.
    expect(doc.count()).toBeGreaterThan(10 * 50 + 30);
    expect(doc.count()).toBeLessThan(10 * 50 + 50);
  });

  it('the eraser clears what the brush painted, only under it', () => {
    const doc = new MaskDocument(60, 60);
    doc.apply({ kind: 'stroke', mode: 'paint', size: 20, points: [10, 30, 50, 30] });
    doc.apply({ kind: 'stroke', mode: 'erase', size: 10, points: [30, 0, 30, 60] });
    expect(at(doc, 15, 30)).toBe(1);
    expect(at(doc, 45, 30)).toBe(1);
    expect(at(doc, 30, 30)).toBe(0);
    expect(at(doc, 26, 30)).toBe(0);
    expect(at(doc, 24, 30)).toBe(1);
  });

  it('a pen stroke is thinner where it is pressed lightly', () => {
    const light = new MaskDocument(100, 40);
    light.beginStroke('paint', 20, 10, 20, 0.1);
    light.extendStroke(90, 20, 0.1);
    const firm = new MaskDocument(100, 40);
    firm.beginStroke('paint', 20, 10, 20, 1);
    firm.extendStroke(90, 20, 1);
    const mouse = new MaskDocument(100, 40);
    mouse.beginStroke('paint', 20, 10, 20);
    mouse.extendStroke(90, 20);
    expect(firm.count()).toBe(mouse.count());
    // 0.35 + 0.65 × 0.1 ≈ 0.415 of the width.
    expect(light.count() / firm.count()).toBeGreaterThan(0.35);
    expect(light.count() / firm.count()).toBeLessThan(0.5);
    expect(light.data[20 * 100 + 50]).toBe(1);
    expect(light.data[27 * 100 + 50]).toBe(0);
    expect(firm.data[27 * 100 + 50]).toBe(1);
    // Undo and replay draw the same thin line.
    const before = light.count();
    light.endStroke();
    light.apply({ kind: 'invert' });
    light.undo();
    expect(light.count()).toBe(before);
  });

  it('a polygon fills its inside by pixel centres (even-odd)', () => {
    const data = new Uint8Array(10 * 10);
    fillPolygon(data, 10, 10, [2, 2, 8, 2, 8, 6, 2, 6], 1);
    let n = 0;
    for (const v of data) n += v;
    expect(n).toBe(6 * 4);
    expect(data[2 * 10 + 2]).toBe(1);
    expect(data[5 * 10 + 7]).toBe(1);
    expect(data[6 * 10 + 2]).toBe(0);
    expect(data[2 * 10 + 8]).toBe(0);
    // A triangle: half the square.
    const tri = new Uint8Array(100 * 100);
    fillPolygon(tri, 100, 100, [0, 0, 100, 0, 0, 100], 1);
    let t = 0;
    for (const v of tri) t += v;
    expect(Math.abs(t - 5000)).toBeLessThanOrEqual(100);
    expect(tri[10 * 100 + 10]).toBe(1);
    expect(tri[90 * 100 + 90]).toBe(0);
  });

  it('fewer than three polygon points change nothing', () => {
    const data = new Uint8Array(16);
    fillPolygon(data, 4, 4, [0, 0, 4, 4], 1);
    expect(data.every((v) => v === 0)).toBe(true);
  });

  it('a segmentation result is added to what is already selected', () => {
    const doc = new MaskDocument(4, 2);
    doc.apply({ kind: 'polygon', mode: 'paint', points: [0, 0, 2, 0, 2, 2, 0, 2] });
    const seg = new Uint8Array([0, 0, 0, 1, 0, 0, 0, 1]);
    doc.apply({ kind: 'segment', data: seg });
    expect(Array.from(doc.data)).toEqual([1, 1, 0, 1, 1, 1, 0, 1]);
  });

  it('invert and clear act on the whole image', () => {
    const doc = new MaskDocument(10, 10);
    doc.apply({ kind: 'polygon', mode: 'paint', points: [0, 0, 5, 0, 5, 10, 0, 10] });
    expect(doc.count()).toBe(50);
    doc.apply({ kind: 'invert' });
    expect(doc.count()).toBe(50);
    expect(at(doc, 0, 0)).toBe(0);
    expect(at(doc, 9, 9)).toBe(1);
    doc.apply({ kind: 'clear' });
    expect(doc.isEmpty()).toBe(true);
  });
});

describe('mask history', () => {
  it('undo and redo walk the edits, and a new edit drops the redo list', () => {
    const doc = new MaskDocument(10, 10);
    doc.apply({ kind: 'polygon', mode: 'paint', points: [0, 0, 10, 0, 10, 5, 0, 5] });
    doc.apply({ kind: 'stroke', mode: 'erase', size: 2, points: [0, 2, 10, 2] });
    const erased = doc.count();
    expect(erased).toBe(30);
    expect(doc.undo()).toBe(true);
    expect(doc.count()).toBe(50);
    expect(doc.undo()).toBe(true);
    expect(doc.isEmpty()).toBe(true);
    expect(doc.undo()).toBe(false);
    expect(doc.redo()).toBe(true);
    expect(doc.count()).toBe(50);
    expect(doc.canRedo).toBe(true);
    doc.apply({ kind: 'invert' });
    expect(doc.canRedo).toBe(false);
    expect(doc.redo()).toBe(false);
    expect(doc.count()).toBe(50);
    expect(at(doc, 0, 9)).toBe(1);
  });

  it('a live stroke is one undo step, and a cancelled stroke leaves no trace', () => {
    const doc = new MaskDocument(50, 50);
    doc.beginStroke('paint', 6, 5, 5);
    doc.extendStroke(20, 5);
    doc.extendStroke(20, 20);
    expect(doc.canUndo).toBe(false);
    doc.endStroke();
    expect(doc.history).toHaveLength(1);
    const painted = doc.count();
    doc.beginStroke('paint', 6, 40, 40);
    doc.extendStroke(45, 45);
    doc.cancelStroke();
    expect(doc.count()).toBe(painted);
    expect(doc.history).toHaveLength(1);
    doc.undo();
    expect(doc.isEmpty()).toBe(true);
  });

  it('a restored base mask is where undo stops', () => {
    const doc = new MaskDocument(2, 2);
    doc.setBase(new Uint8Array([1, 0, 0, 1]));
    doc.apply({ kind: 'clear' });
    expect(doc.isEmpty()).toBe(true);
    doc.undo();
    expect(Array.from(doc.data)).toEqual([1, 0, 0, 1]);
    expect(doc.canUndo).toBe(false);
  });

  it('replacing the last edit refines a click segmentation in one step', () => {
    const doc = new MaskDocument(2, 1);
    doc.apply({ kind: 'segment', data: new Uint8Array([1, 0]) });
    doc.replaceLast({ kind: 'segment', data: new Uint8Array([0, 1]) });
    expect(Array.from(doc.data)).toEqual([0, 1]);
    doc.undo();
    expect(doc.isEmpty()).toBe(true);
  });
});

describe('mask pixels', () => {
  it('exports white on black, opaque, at the image size', () => {
    const doc = new MaskDocument(3, 2);
    doc.apply({ kind: 'segment', data: new Uint8Array([1, 0, 0, 0, 0, 1]) });
    const rgba = maskToRgba(doc);
    expect(rgba).toHaveLength(3 * 2 * 4);
    expect(Array.from(rgba.slice(0, 8))).toEqual([255, 255, 255, 255, 0, 0, 0, 255]);
    expect(Array.from(rgba.slice(20, 24))).toEqual([255, 255, 255, 255]);
  });

  it('reads decoded mask images: bright and opaque is selected', () => {
    expect(Array.from(binaryFromPixels([0, 200, 128, 90], 1))).toEqual([0, 1, 1, 0]);
    const rgba = [255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 0, 255, 255, 0, 0, 255];
    expect(Array.from(binaryFromPixels(rgba, 4))).toEqual([1, 0, 0, 0]);
  });
});
