import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { catalogTool } from '../../lib/tool-catalog';
import { fakeApi, ok, renderWithProviders, resetFakeApi } from '../../test/fake-api';
import { allTools } from '@huijing/tools';
import { ToolFrame } from './tool-frame';

initI18n();
afterEach(() => {
  resetFakeApi();
  localStorage.clear();
});

const answer = (runnable: string[]) =>
  ['indoor', 'style-transfer', 'atmosphere-change', 'to-line'].map((id) => ({
    id,
    routes: [],
    family: catalogTool(id)!.family,
    ticketType: 1,
    price: 2,
    capability: 'render',
    available: runnable.includes(id),
  }));

describe('the tool page frame', () => {
  it('says a tool cannot run as soon as the availability answer is in, with two that can', async () => {
    fakeApi({ 'GET /ai/tools': () => ok(answer(['style-transfer', 'to-line'])) });
    renderWithProviders(<ToolFrame footer={false} />, { path: '/indoorRender' });
    const notice = await screen.findByTestId('tool-pending');
    expect(notice).toHaveTextContent('该功能正在接入 AI 引擎，暂不可用；可以先试试');
    const links = within(notice).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('data-tool'))).toEqual(['style-transfer', 'to-line']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      catalogTool('style-transfer')!.entry,
      catalogTool('to-line')!.entry,
    ]);
    // It sits between the title and the upload cards, where the workspace draws it.
    expect(notice.previousElementSibling).toHaveClass('hj-tool__head');
    expect(notice.nextElementSibling).toHaveClass('hj-tool__body');
  });

  it('says nothing for a tool that runs', async () => {
    const api = fakeApi({ 'GET /ai/tools': () => ok(answer(['indoor'])) });
    renderWithProviders(<ToolFrame footer={false} />, { path: '/indoorRender' });
    await screen.findByRole('heading', { level: 1, name: '室内渲染' });
    await expect.poll(() => api.callsTo('GET', '/ai/tools').length).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('tool-pending')).toBeNull();
  });

  it('shows the empty stage’s three steps, with the tool’s own verb, before the workspace', async () => {
    fakeApi({ 'GET /ai/tools': () => ok(answer(['indoor'])) });
    renderWithProviders(<ToolFrame footer={false} />, { path: '/indoorRender' });
    const steps = await screen.findByRole('list');
    expect(steps.closest('.hj-stage')).not.toBeNull();
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '上传原图：草图、白模、照片或效果图都可以',
      '在左侧调整风格与参数',
      '点击“开始渲染”，结果会显示在这里',
    ]);
  });

  it('leaves the stage to the workspace when this device keeps a picture or a run of the tool', async () => {
    fakeApi({ 'GET /ai/tools': () => ok(answer(['indoor'])) });
    const saved = (tool: object) =>
      localStorage.setItem(
        'hj-tool-state-render',
        JSON.stringify({ state: { tools: { indoor: tool } }, version: 1 }),
      );
    saved({ inputs: { upload_img: [{ fileId: 'f1', url: '/x.png' }] }, params: {} });
    const first = renderWithProviders(<ToolFrame footer={false} />, { path: '/indoorRender' });
    await screen.findByRole('heading', { level: 1, name: '室内渲染' });
    expect(document.querySelector('.hj-stage__empty')).toBeNull();
    first.unmount();
    saved({ inputs: {}, params: {}, taskId: 't1' });
    renderWithProviders(<ToolFrame footer={false} />, { path: '/indoorRender' });
    await screen.findByRole('heading', { level: 1, name: '室内渲染' });
    expect(document.querySelector('.hj-stage__empty')).toBeNull();
  });

  it("draws the settings' prompt box, label and placeholder, where the form's first field is", async () => {
    fakeApi({ 'GET /ai/tools': () => ok(answer(['indoor'])) });
    const { container } = renderWithProviders(<ToolFrame footer={false} />, {
      path: '/indoorRender',
    });
    await screen.findByRole('heading', { level: 1, name: '室内渲染' });
    const indoor = allTools.find((t) => t.id === 'indoor')!;
    const [name, widget] = Object.entries(indoor.widgets).find(([, w]) => w?.kind === 'prompt')!;
    expect(name).toBe('promptTxt');
    const box = container.querySelector('.hj-tool-frame__prompt');
    expect(box).toHaveTextContent(widget!.help!['zh-CN']);
    expect(box?.closest('.hj-tool-field')).toHaveTextContent(widget!.label['zh-CN']);
    // Words, not a control: nothing typed before the workspace arrives could be lost.
    expect(container.querySelector('.hj-tool-form textarea, .hj-tool-form input')).toBeNull();
  });

  it('keeps plain outlines for a tool whose first setting is not a prompt', async () => {
    fakeApi({ 'GET /ai/tools': () => ok(answer(['indoor'])) });
    const { container } = renderWithProviders(<ToolFrame footer={false} />, {
      path: '/atmosphereChange',
    });
    await screen.findByRole('heading', { level: 1 });
    expect(container.querySelector('.hj-tool-frame__prompt')).toBeNull();
    expect(container.querySelectorAll('.hj-tool-frame__field')).toHaveLength(2);
  });
});
