import { getTool } from '@huijing/tools';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../app/i18n';
import { fail, fakeApi, ok, renderWithProviders, resetFakeApi } from '../../test/fake-api';
import { ToolCard } from '../../components/tool-card';

initI18n();
afterEach(() => resetFakeApi());

const picture = (engine: string, beforeUrl: string | null) => ({
  url: `/api/ai/samples/file/tool-x.webp?v=${engine}`,
  width: 640,
  height: 480,
  beforeUrl,
  engine,
  model: null,
  prompt: null,
  madeAt: '2026-11-26T00:00:00.000Z',
  bundled: engine === 'local',
});

describe('tool cards with example pictures', () => {
  it('show the before/after example with an honest caption, else the lettered tile', async () => {
    fakeApi({
      'GET /ai/samples': () =>
        ok({
          style: {},
          room: {},
          tool: {
            'to-line': picture('local', '/api/ai/samples/file/input-room.webp?v=1'),
            indoor: picture('comfyui', null),
          },
        }),
    });
    const { container } = renderWithProviders(
      <>
        <ToolCard tool={getTool('to-line')!} />
        <ToolCard tool={getTool('indoor')!} compact />
        <ToolCard tool={getTool('compress')!} />
      </>,
    );
    const local = await screen.findByRole('img', { name: '示例 · 本机引擎生成' });
    // Scaled for the 96 × 72 box: the 96 px copy, the 192 px one on a 2× screen.
    expect(local).toHaveAttribute('src', '/api/ai/samples/file/tool-x.webp?v=local&w=96');
    expect(local).toHaveAttribute(
      'srcset',
      '/api/ai/samples/file/tool-x.webp?v=local&w=96 1x, /api/ai/samples/file/tool-x.webp?v=local&w=192 2x',
    );
    expect(local).toHaveAttribute('loading', 'lazy');
    expect(local).toHaveAttribute('width', '96');
    expect(local).toHaveAttribute('height', '72');
    const toLine = container.querySelector('[data-tool="to-line"] .hj-tool-pic')!;
    expect(toLine.querySelector('.hj-tool-pic__before')).toHaveAttribute(
      'src',
      '/api/ai/samples/file/input-room.webp?v=1&w=96',
    );
    expect(toLine).toHaveTextContent('示例 · 本机引擎生成');
    const ai = screen.getByRole('img', { name: '示例 · 本站 AI 引擎生成' });
    expect(ai).toHaveAttribute('width', '72');
    // No example for compress here: its lettered tile stays.
    await waitFor(() =>
      expect(container.querySelector('[data-tool="compress"] .hj-glyph')).toHaveTextContent('图'),
    );
    expect(container.querySelector('[data-tool="compress"] img')).toBeNull();
  });

  it('keep the lettered tile when the examples cannot be read', async () => {
    fakeApi({ 'GET /ai/samples': () => fail(500, 50000, '服务器开小差了') });
    const { container } = renderWithProviders(<ToolCard tool={getTool('to-line')!} />);
    await waitFor(() => expect(container.querySelector('.hj-glyph')).toHaveTextContent('图'));
    expect(container.querySelector('img')).toBeNull();
  });
});
