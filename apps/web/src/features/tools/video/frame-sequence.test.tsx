import { getTool } from '@huijing/tools';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { renderWithProviders, testQueryClient } from '../../../test/fake-api';
import { paramValues } from '../model/tool-params';
import { familyStore, type InputImage } from '../store/family-stores';
import { FrameSequence } from './frame-sequence';

initI18n();
vi.setConfig({ testTimeout: 30_000 });

const tool = getTool('multi-image-video')!;
const store = familyStore(tool.family);
const image = (id: string): InputImage => ({
  fileId: id,
  url: `/api/files/${id}`,
  thumbUrl: null,
  width: 960,
  height: 540,
});

/** The sequence as the page would mount it, wired to the real family store. */
const Harness = () => {
  const state = store((s) => s.tools[tool.id]);
  return (
    <FrameSequence
      tool={tool}
      values={paramValues(tool, state?.params ?? {})}
      inputs={state?.inputs ?? {}}
      setParam={(name, value) => store.getState().setParam(tool.id, name, value)}
    />
  );
};

const order = () => store.getState().tools[tool.id]!.inputs.frames!.map((f) => f.fileId);
const seconds = () => store.getState().tools[tool.id]!.params.durations;

beforeEach(() => {
  store.setState({ tools: {} });
  store.getState().setInput(tool.id, 'frames', [image('a'), image('b'), image('c')]);
  store.getState().setParam(tool.id, 'durations', [1, 2]);
  const client = testQueryClient();
  renderWithProviders(<Harness />, { client, path: '/imgs2Video' });
});

describe('the frame sequence', () => {
  it('moves a picture with the buttons and its seconds go with it', () => {
    fireEvent.click(screen.getByRole('button', { name: '第 3 张前移' }));
    expect(order()).toEqual(['a', 'c', 'b']);
    // c had no seconds of its own: it takes the default (3) and b keeps its 2.
    expect(seconds()).toEqual([1, 3, 2]);
    fireEvent.click(screen.getByRole('button', { name: '第 1 张后移' }));
    expect(order()).toEqual(['c', 'a', 'b']);
    expect(seconds()).toEqual([3, 1, 2]);
    expect(screen.getByRole('button', { name: '第 1 张前移' })).toHaveProperty('disabled', true);
  });

  it('removes a picture and exactly its seconds, and shows the new length', () => {
    // 1 + 2 + 3 s, the 0.8 s transition capped at half of the 1 s picture: 6 − 2 × 0.5.
    expect(screen.getByTestId('video-total').textContent).toContain('共 3 张，视频约 5 秒');
    fireEvent.click(screen.getByRole('button', { name: '移除第 2 张' }));
    expect(order()).toEqual(['a', 'c']);
    expect(seconds()).toEqual([1, 3]);
    expect(screen.getByTestId('video-total').textContent).toContain('共 2 张，视频约 3.5 秒');
  });

  it('reorders by dragging one tile onto another', () => {
    const tiles = document.querySelectorAll('.hj-frame[data-frame]');
    const data = { effectAllowed: '', setData: () => undefined, files: [] };
    fireEvent.dragStart(tiles[0]!, { dataTransfer: data });
    fireEvent.dragOver(tiles[2]!, { dataTransfer: data });
    fireEvent.drop(tiles[2]!, { dataTransfer: data });
    expect(order()).toEqual(['b', 'c', 'a']);
    expect(seconds()).toEqual([2, 3, 1]);
  });
});
