import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { MaskEditor } from './mask-editor';
import { MaskDocument } from './mask-model';
import { actionForKey, stepBrush } from './shortcuts';
import { fitView, toImage, zoomAt } from './view-math';

initI18n();
// antd renders slowly under jsdom on a busy two-core machine.
vi.setConfig({ testTimeout: 30_000 });

const image = { url: 'data:image/png;base64,AAAA', width: 40, height: 30 };
const key = (k: string, o: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(window, { key: k, ...o });
const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

const setup = (o: { segment?: boolean } = {}) => {
  const doc = new MaskDocument(image.width, image.height);
  const onChange = vi.fn();
  render(
    <MaskEditor
      image={image}
      doc={doc}
      onChange={onChange}
      onSegment={o.segment ? () => Promise.resolve(null) : undefined}
    />,
  );
  return { doc, onChange };
};

describe('mask editor shortcuts', () => {
  it('starts with the brush at 25 and switches tools with B, E, P and S', () => {
    setup({ segment: true });
    expect(pressed('画笔')).toBe('true');
    expect(screen.getByText('25')).toBeInTheDocument();
    key('e');
    expect(pressed('橡皮擦')).toBe('true');
    expect(pressed('画笔')).toBe('false');
    key('P');
    expect(pressed('多边形')).toBe('true');
    expect(screen.getByText(/单击添加顶点/)).toBeInTheDocument();
    key('s');
    expect(pressed('智能点选')).toBe('true');
    key('b');
    expect(pressed('画笔')).toBe('true');
  });

  it('S does nothing when no segmentation is offered', () => {
    setup();
    expect(screen.queryByRole('button', { name: '智能点选' })).toBeNull();
    key('s');
    expect(pressed('画笔')).toBe('true');
  });

  it('[ and ] change the brush size', () => {
    setup();
    key(']');
    expect(screen.getByText('28')).toBeInTheDocument();
    key('[');
    expect(screen.getByText('25')).toBeInTheDocument();
    for (let i = 0; i < 30; i += 1) key('[');
    expect(screen.getByText('5')).toBeInTheDocument();
  });

  it('H hides and shows the selection', () => {
    setup();
    expect(screen.getByRole('button', { name: '隐藏选区' })).toBeInTheDocument();
    key('h');
    expect(screen.getByRole('button', { name: '显示选区' })).toBeInTheDocument();
    key('H');
    expect(screen.getByRole('button', { name: '隐藏选区' })).toBeInTheDocument();
  });

  it('Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, each reported as a change', () => {
    const { doc, onChange } = setup();
    doc.apply({ kind: 'polygon', mode: 'paint', points: [0, 0, 20, 0, 20, 10, 0, 10] });
    expect(doc.count()).toBe(200);
    key('z', { ctrlKey: true });
    expect(doc.isEmpty()).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(1);
    key('Z', { ctrlKey: true, shiftKey: true });
    expect(doc.count()).toBe(200);
    key('z', { metaKey: true });
    key('y', { ctrlKey: true });
    expect(doc.count()).toBe(200);
    expect(onChange).toHaveBeenCalledTimes(4);
  });

  it('invert and clear from the toolbar change the mask', () => {
    const { doc, onChange } = setup();
    fireEvent.click(screen.getByRole('button', { name: '反选' }));
    expect(doc.count()).toBe(40 * 30);
    fireEvent.click(screen.getByRole('button', { name: '清空选区' }));
    expect(doc.isEmpty()).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('Space held pans, except on a focused button; keys inside a dialog stay there', () => {
    setup();
    const canvas = screen.getByTestId('mask-editor').querySelector('.hj-mask__canvas')!;
    fireEvent.keyDown(screen.getByRole('button', { name: '撤销' }), { key: ' ' });
    expect(canvas).not.toHaveClass('is-grab');
    key(' ');
    expect(canvas).toHaveClass('is-grab');
    fireEvent.keyUp(window, { key: ' ' });
    expect(canvas).toHaveClass('is-brush');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.appendChild(dialog);
    fireEvent.keyDown(dialog, { key: 'e' });
    expect(pressed('画笔')).toBe('true');
    dialog.remove();
  });

  it('ignores keys typed into a field', () => {
    setup();
    const field = document.createElement('input');
    document.body.appendChild(field);
    fireEvent.keyDown(field, { key: 'e' });
    expect(pressed('画笔')).toBe('true');
    field.remove();
  });
});

describe('editor input model', () => {
  it('maps keys to actions', () => {
    expect(
      actionForKey({ key: 'z', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false }),
    ).toEqual({ kind: 'undo' });
    expect(
      actionForKey({ key: 'z', ctrlKey: false, metaKey: true, shiftKey: true, altKey: false }),
    ).toEqual({ kind: 'redo' });
    expect(
      actionForKey({ key: 'b', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false }),
    ).toBeNull();
    expect(
      actionForKey({
        key: 'Enter',
        ctrlKey: false,
        metaKey: false,
        shiftKey: false,
        altKey: false,
      }),
    ).toEqual({ kind: 'closePolygon' });
    expect(
      actionForKey({ key: '0', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false }),
    ).toEqual({ kind: 'fit' });
  });

  it('steps the brush by about 10 % within 5–150', () => {
    expect(stepBrush(25, 1)).toBe(28);
    expect(stepBrush(5, -1)).toBe(5);
    expect(stepBrush(149, 1)).toBe(150);
  });

  it('fits, zooms around a point and maps screen to image pixels', () => {
    const v = fitView({ width: 432, height: 332 }, { width: 800, height: 600 });
    expect(v.scale).toBeCloseTo(0.5);
    expect(toImage(v, { x: 16, y: 16 })).toEqual({ x: 0, y: 0 });
    // Never enlarged past 100 % by fitting.
    expect(fitView({ width: 2000, height: 2000 }, { width: 100, height: 100 }).scale).toBe(1);
    const z = zoomAt(v, 2, { x: 216, y: 166 });
    expect(z.scale).toBeCloseTo(1);
    expect(toImage(z, { x: 216, y: 166 }).x).toBeCloseTo(toImage(v, { x: 216, y: 166 }).x);
  });
});
