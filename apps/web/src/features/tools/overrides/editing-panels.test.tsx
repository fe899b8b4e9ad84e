import { toolForRoute, type ToolDefinition } from '@huijing/tools';
import { fireEvent, screen } from '@testing-library/react';
import { useState, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { renderWithProviders } from '../../../test/fake-api';
import { paramValues } from '../model/tool-params';
import type { InputImage } from '../store/family-stores';
import { AtmospherePanel } from './atmosphere-panel';
import { CompressPanel } from './compress-panel';
import { LinePreview } from './line-preview';
import type { OverrideProps } from './override-types';
import { PlacementPanel } from './placement-panel';
import { UpscalePanel } from './upscale-panel';
import { UpscaleResult } from './upscale-result';
import type { TaskInfo } from '@huijing/contracts';

initI18n();
vi.setConfig({ testTimeout: 30_000 });

const image = (width: number, height: number): InputImage => ({
  fileId: 'f1',
  url: '/scene.png',
  thumbUrl: null,
  width,
  height,
});

/** Renders a panel with the tool page's contract: saved params → parsed values → setParam. */
const mount = (
  route: string,
  Panel: ComponentType<OverrideProps>,
  inputs: Record<string, InputImage[]> = {},
) => {
  const tool: ToolDefinition = toolForRoute(route)!;
  const saved: { current: Record<string, unknown> } = { current: {} };
  const Harness = () => {
    const [params, setParams] = useState<Record<string, unknown>>({});
    saved.current = paramValues(tool, params);
    return (
      <Panel
        tool={tool}
        values={saved.current}
        inputs={inputs}
        setParam={(name, value) => setParams((p) => ({ ...p, [name]: value }))}
      />
    );
  };
  renderWithProviders(<Harness />, { path: route });
  return saved;
};

describe('compress panel', () => {
  it('sends either a target size or a quality, never both', () => {
    const values = mount('/compress', CompressPanel);
    expect(values.current.targetKB).toBeUndefined();
    fireEvent.click(screen.getByText('按目标大小'));
    expect(values.current).toMatchObject({ targetKB: 500 });
    fireEvent.click(screen.getByRole('button', { name: '1 MB' }));
    expect(values.current.targetKB).toBe(1024);
    expect(screen.getByRole('button', { name: '1 MB' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByText('按画质'));
    expect(values.current.targetKB).toBeUndefined();
    expect(screen.getByText('画质 80')).toBeInTheDocument();
  });

  it('keeps the format unless one is picked', () => {
    const values = mount('/compress', CompressPanel);
    fireEvent.click(screen.getByText('WebP'));
    expect(values.current.format).toBe('webp');
    fireEvent.click(screen.getByText('原格式'));
    expect(values.current.format).toBeUndefined();
  });
});

describe('upscale panel', () => {
  it('shows both output sizes from the upload and switches the scale', () => {
    const values = mount('/upScaleImg', UpscalePanel, { upload_img: [image(1600, 1000)] });
    expect(screen.getByTestId('upscale-size-2')).toHaveTextContent('3200 × 2000 像素');
    expect(screen.getByTestId('upscale-size-4')).toHaveTextContent('6400 × 4000 像素');
    fireEvent.click(screen.getByRole('radio', { name: /4 倍/ }));
    expect(values.current.scale).toBe(4);
  });

  it('warns before an AI upscale the engine would refuse, with a one-tap way out', () => {
    const values = mount('/realUpImg', UpscalePanel, { upload_img: [image(1600, 1000)] });
    expect(values.current.mode).toBe('esrgan');
    expect(screen.getByRole('alert')).toHaveTextContent('100 万像素以内');
    fireEvent.click(screen.getByRole('button', { name: '改用高清插值' }));
    expect(values.current.mode).toBe('lanczos');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for an image before it can show a size', () => {
    mount('/upScaleImg', UpscalePanel);
    expect(screen.getAllByText('上传原图后，这里会显示放大后的尺寸')).toHaveLength(2);
  });
});

describe('upscale result', () => {
  it('says how much it grew and compares the same spot zoomed, original beside enlargement', () => {
    const tool = toolForRoute('/upScaleImg')!;
    const task = {
      taskId: 't1',
      outputs: [{ url: '/out.png', thumbUrl: null, width: 3200, height: 2000, kind: 'image' }],
    } as unknown as TaskInfo;
    renderWithProviders(
      <UpscaleResult
        tool={tool}
        task={task}
        values={paramValues(tool, {})}
        inputs={{ upload_img: [image(1600, 1000)] }}
        setParam={() => undefined}
        backToInputs={() => undefined}
      />,
      { path: '/upScaleImg' },
    );
    expect(screen.getByTestId('upscale-grew')).toHaveTextContent(
      '1600 × 1000 → 3200 × 2000 像素，放大 2 倍',
    );
    expect(screen.getByRole('img', { name: '原图' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '放大后' })).toBeInTheDocument();
    const map = screen.getByRole('slider', { name: '选择放大位置' });
    fireEvent.keyDown(map, { key: 'ArrowRight' });
    expect(map).toHaveAttribute('aria-valuenow', '55');
    expect(screen.getByRole('radio', { name: '放大 2 倍' })).toBeChecked();
  });
});

describe('visual choices are radio groups with arrow keys', () => {
  it('atmosphere cards move with the arrows and wrap around', () => {
    const values = mount('/atmosphereChange', AtmospherePanel);
    const group = screen.getByRole('radiogroup', { name: '目标氛围' });
    expect(screen.getByRole('radio', { name: /黄昏/ })).toHaveAttribute('aria-checked', 'true');
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    expect(values.current.atmosphere).toBe('night');
    fireEvent.keyDown(group, { key: 'ArrowLeft' });
    fireEvent.keyDown(group, { key: 'ArrowLeft' });
    fireEvent.keyDown(group, { key: 'ArrowLeft' });
    fireEvent.keyDown(group, { key: 'ArrowLeft' });
    expect(values.current.atmosphere).toBe('cool');
  });

  it('the placement grid moves in two dimensions and stops at the edges', () => {
    const values = mount('/wanwuqianyi', PlacementPanel);
    const grid = screen.getByRole('radiogroup', { name: '摆放位置' });
    expect(values.current.placement).toBe('bottom');
    fireEvent.keyDown(grid, { key: 'ArrowUp' });
    expect(values.current.placement).toBe('center');
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    expect(values.current.placement).toBe('left');
    fireEvent.click(screen.getByRole('radio', { name: '放在右上' }));
    expect(values.current.placement).toBe('top-right');
    fireEvent.click(screen.getByText('大'));
    expect(values.current.objectScale).toBe('large');
  });
});

describe('to-line sketch', () => {
  it('draws more as detail rises and thicker lines as weight rises', () => {
    const tool = toolForRoute('/toline')!;
    const draw = (values: Record<string, unknown>) => {
      const { container, unmount } = renderWithProviders(
        <LinePreview
          tool={tool}
          values={paramValues(tool, values)}
          inputs={{}}
          setParam={() => undefined}
        />,
      );
      const svg = container.querySelector('svg')!;
      const result = {
        furniture: svg.querySelector('[data-part="furniture"]') !== null,
        texture: svg.querySelector('[data-part="texture"]') !== null,
        width: Number(svg.querySelector('path')!.getAttribute('stroke-width')),
      };
      unmount();
      return result;
    };
    expect(draw({ detail: 'low' })).toMatchObject({ furniture: false, texture: false });
    expect(draw({})).toMatchObject({ furniture: true, texture: false });
    expect(draw({ detail: 'high' })).toMatchObject({ furniture: true, texture: true });
    expect(draw({ lineWeight: 5 }).width).toBeGreaterThan(draw({ lineWeight: 1 }).width);
  });
});
