import { toolForRoute } from '@huijing/tools';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { sessionKeys } from '../../../lib/session';
import {
  fakeApi,
  ok,
  renderWithProviders,
  resetFakeApi,
  testQueryClient,
  testUser,
} from '../../../test/fake-api';
import { familyStore } from '../store/family-stores';
import { ToolPage } from './tool-page';

initI18n();
// antd renders slowly under jsdom on a busy machine; these tests mount the whole workspace.
vi.setConfig({ testTimeout: 30_000 });

const user = testUser;
const NOT_CONFIGURED = '该功能需要配置 AI 渲染引擎（ComfyUI 或兼容 OpenAI 的图像接口），当前未配置';

const availability = (id: string, available: boolean) => ({
  id,
  routes: [],
  family: 'render',
  ticketType: 1,
  price: 2,
  capability: 'render',
  available,
  ...(available ? {} : { reason: NOT_CONFIGURED }),
});

const setup = (
  route: string,
  o: {
    signedIn?: boolean;
    available?: boolean;
    balance?: number;
    extra?: Parameters<typeof fakeApi>[0];
  } = {},
) => {
  const tool = toolForRoute(route)!;
  const api = fakeApi({
    'GET /ai/tools': () => ok([availability(tool.id, o.available ?? true)]),
    'GET /ai/getAllClassify': () => ok([]),
    'GET /ai/totalTicket': () => ok(o.balance ?? 10),
    'GET /ai/getTaskList': () => ok({ list: [], total: 0, page: 1, pageSize: 12 }),
    ...o.extra,
  });
  const client = testQueryClient();
  client.setQueryDefaults(sessionKeys.currentUser, { staleTime: Infinity });
  client.setQueryData(sessionKeys.currentUser, o.signedIn ? user : null);
  return { tool, api, ...renderWithProviders(<ToolPage tool={tool} />, { client, path: route }) };
};

// The start button names the tool's work (开始渲染, 开始转线稿), or asks to sign in.
const startButton = () => screen.getByRole('button', { name: /开始渲染|开始转线稿|登录后开始/ });

beforeEach(() => {
  for (const f of ['render', 'edit', 'generate'] as const) {
    const s = familyStore(f);
    s.setState({ tools: {} });
  }
});
afterEach(() => resetFakeApi());

describe('the tool page form', () => {
  it('shows the registry defaults: cnStrength 0.75 on /indoorRender', async () => {
    setup('/indoorRender');
    const input = await screen.findByRole('spinbutton', { name: '结构还原度' });
    expect(input).toHaveValue(0.75);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('室内渲染');
  });

  it('shows cnStrength 0.7 on /indoorExterior', async () => {
    setup('/indoorExterior');
    const input = await screen.findByRole('spinbutton', { name: '结构还原度' });
    expect(Number((input as HTMLInputElement).value)).toBe(0.7);
  });

  it('keeps a changed value in the family store (so it survives a tool switch)', async () => {
    const { tool } = setup('/indoorRender');
    const input = await screen.findByRole('spinbutton', { name: '结构还原度' });
    fireEvent.change(input, { target: { value: '0.5' } });
    fireEvent.blur(input);
    await waitFor(() =>
      expect(familyStore('render').getState().tools[tool.id]?.params.cnStrength).toBe(0.5),
    );
  });
});

describe('the start button', () => {
  it('reads 登录后开始 when signed out and opens the login modal', async () => {
    setup('/indoorRender');
    const button = await screen.findByRole('button', { name: /登录后开始/ });
    expect(button).toBeEnabled();
    fireEvent.click(button);
    expect(useAccountDialogs.getState().login.open).toBe(true);
    useAccountDialogs.getState().closeLogin();
  });

  it('asks for sign-in when a signed-out visitor clicks the upload area', async () => {
    setup('/toline');
    fireEvent.click(await screen.findByRole('button', { name: /点击或拖拽图片到这里/ }));
    expect(useAccountDialogs.getState().login.open).toBe(true);
    useAccountDialogs.getState().closeLogin();
  });

  it('is disabled, in designer words, when the tool is unavailable (signed in or not)', async () => {
    setup('/indoorRender', { signedIn: true, available: false });
    expect(await screen.findAllByText(/正在接入 AI 引擎/)).not.toHaveLength(0);
    expect(screen.queryByText(NOT_CONFIGURED)).toBeNull();
    expect(screen.getByRole('button', { name: /暂未开通/ })).toBeDisabled();
  });

  it('offers no sign-in on an unavailable tool', async () => {
    setup('/indoorRender', { available: false });
    expect(await screen.findByRole('button', { name: /暂未开通/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /登录后开始/ })).toBeNull();
  });

  it('is disabled until the required image is uploaded', async () => {
    setup('/indoorRender', { signedIn: true });
    expect(await screen.findByText('请先上传原图')).toBeInTheDocument();
    expect(startButton()).toBeDisabled();
  });

  it('is disabled when tickets are short, and shows the price line', async () => {
    familyStore('render')
      .getState()
      .setInput('indoor', 'upload_img', [
        { fileId: 'f1', url: '/x.png', thumbUrl: null, width: 10, height: 10 },
      ]);
    setup('/indoorRender', { signedIn: true, balance: 1 });
    expect(await screen.findByText(/次数不足/)).toBeInTheDocument();
    expect(screen.getByTestId('price-line')).toHaveTextContent('消耗 2 次 · 剩余 1 次');
    expect(startButton()).toBeDisabled();
  });

  it('is enabled with an image, tickets and an available engine', async () => {
    familyStore('render')
      .getState()
      .setInput('indoor', 'upload_img', [
        { fileId: 'f1', url: '/x.png', thumbUrl: null, width: 10, height: 10 },
      ]);
    setup('/indoorRender', { signedIn: true, balance: 5 });
    await waitFor(() => expect(screen.getByTestId('price-line')).toHaveTextContent('剩余 5 次'));
    await waitFor(() => expect(startButton()).toBeEnabled());
    expect(startButton()).toHaveTextContent('开始渲染');
    expect(screen.getByText(/调整参数后点击“开始渲染”/)).toBeInTheDocument();
  });
});

describe('a run', () => {
  it('starts with an idempotency key, shows the queue and progress, then the result', async () => {
    familyStore('edit')
      .getState()
      .setInput('to-line', 'upload_img', [
        { fileId: 'f1', url: '/before.png', thumbUrl: null, width: 10, height: 10 },
      ]);
    const states = [
      { status: 'queued', queueNum: 2, progress: 0 },
      { status: 'running', queueNum: 0, progress: 40 },
      { status: 'succeeded', queueNum: 0, progress: 100 },
    ];
    let poll = 0;
    const task = (s: (typeof states)[number]) => ({
      taskId: 't1',
      toolId: 'to-line',
      ...s,
      outputs:
        s.status === 'succeeded'
          ? [{ url: '/after.png', thumbUrl: null, width: 10, height: 10, kind: 'image' }]
          : [],
      error: null,
      createdAt: new Date().toISOString(),
      finishedAt: null,
    });
    const { api } = setup('/toline', {
      signedIn: true,
      extra: {
        'POST /ai/startTask': () => ok({ taskId: 't1', queueNum: 2 }),
        'GET /ai/getTaskByTaskId': () => ok(task(states[Math.min(poll++, states.length - 1)]!)),
        'GET /ai/queueEstimate': () =>
          ok({ toolId: 'to-line', runSeconds: 20, samples: 5, slots: 1 }),
      },
    });
    await waitFor(() => expect(startButton()).toBeEnabled());
    const ticketsBefore = api.callsTo('GET', '/ai/totalTicket').length;
    fireEvent.click(startButton());
    expect(await screen.findByText('前面还有 2 个任务')).toBeInTheDocument();
    // Two ahead, one at a time, 20 s each: this one is done in about a minute.
    expect(await screen.findByText('预计等待约 1 分钟')).toBeInTheDocument();
    const [start] = api.callsTo('POST', '/ai/startTask');
    expect(start?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(start?.body).toMatchObject({ toolId: 'to-line', inputs: { upload_img: 'f1' } });
    // Polling backs off (≥ 500 ms a step): the result may take a few seconds on a busy machine.
    expect(
      await screen.findByRole('button', { name: /再来一次/ }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: '拖动对比原图与效果图' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /下载 PNG/ })).toHaveAttribute('href', '/after.png');
    await waitFor(() =>
      expect(api.callsTo('GET', '/ai/totalTicket').length).toBeGreaterThan(ticketsBefore + 1),
    );
  });
});

describe('再来一次', () => {
  const oldInput = { fileId: 'f-old', url: '/old.png', thumbUrl: null, width: 10, height: 10 };
  const oldParams = { lineWeight: 1, detail: 'high', style: 'canny' };
  const info = (taskId: string, status: string) => ({
    taskId,
    toolId: 'to-line',
    status,
    queueNum: 0,
    progress: status === 'succeeded' ? 100 : 0,
    outputs:
      status === 'succeeded'
        ? [{ url: `/${taskId}.png`, thumbUrl: null, width: 10, height: 10, kind: 'image' }]
        : [],
    error: null,
    createdAt: '2026-03-02T08:00:00.000Z',
    finishedAt: null,
  });
  const detail = (missing: boolean) => ({
    task: info('old', 'succeeded'),
    ticketType: 1,
    before: missing ? null : oldInput,
    shareToken: null,
    params: oldParams,
    inputs: { upload_img: missing ? [] : [oldInput] },
    missingInputs: missing ? ['upload_img'] : [],
  });
  /** Today's form: another image and another line weight; the history holds the older run. */
  const openOldRun = async (missing: boolean) => {
    familyStore('edit')
      .getState()
      .setInput('to-line', 'upload_img', [
        { fileId: 'f-now', url: '/now.png', thumbUrl: null, width: 10, height: 10 },
      ]);
    const page = setup('/toline', {
      signedIn: true,
      extra: {
        'GET /ai/getTaskList': () =>
          ok({ list: [info('old', 'succeeded')], total: 1, page: 1, pageSize: 12 }),
        'GET /ai/taskDetail': () => ok(detail(missing)),
        'GET /ai/getTaskByTaskId': (call) => ok(info(call.query.get('taskId')!, 'succeeded')),
        'POST /ai/startTask': () => ok({ taskId: 'new', queueNum: 0 }),
      },
    });
    const weight = await screen.findByRole('spinbutton', { name: '线条粗细' });
    fireEvent.change(weight, { target: { value: '4' } });
    fireEvent.blur(weight);
    await waitFor(() =>
      expect(familyStore('edit').getState().tools['to-line']?.params.lineWeight).toBe(4),
    );
    fireEvent.click(await screen.findByRole('button', { name: /查看这次结果/ }));
    return page;
  };

  it('runs the history item with its own image and settings, not the form’s', async () => {
    const { api } = await openOldRun(false);
    const again = await screen.findByRole('button', { name: /再来一次/ });
    // Its price: the tool's price per run (2 from /ai/tools) times the run's own image count.
    await waitFor(() => expect(again).toHaveTextContent('· 2 次'));
    fireEvent.click(again);
    await waitFor(() => expect(api.callsTo('POST', '/ai/startTask')).toHaveLength(1));
    expect(api.callsTo('POST', '/ai/startTask')[0]!.body).toEqual({
      toolId: 'to-line',
      params: oldParams,
      inputs: { upload_img: 'f-old' },
    });
    // The form now shows what ran, so the next tweak starts from it.
    const saved = familyStore('edit').getState().tools['to-line']!;
    expect(saved.params).toEqual(oldParams);
    expect(saved.inputs.upload_img).toEqual([oldInput]);
    await waitFor(() =>
      expect(familyStore('edit').getState().tools['to-line']?.taskId).toBe('new'),
    );
  });

  it('says in Chinese when the run’s image is gone, and starts nothing', async () => {
    const { api } = await openOldRun(true);
    fireEvent.click(await screen.findByRole('button', { name: /再来一次/ }));
    await waitFor(() =>
      expect(api.messages()).toContain(
        '这次用到的原图已不存在（可能已被删除），参数已填好，请重新上传后再开始',
      ),
    );
    expect(api.callsTo('POST', '/ai/startTask')).toHaveLength(0);
    const saved = familyStore('edit').getState().tools['to-line']!;
    expect(saved.params).toEqual(oldParams);
    expect(saved.inputs.upload_img).toEqual([]);
    expect(saved.taskId).toBeUndefined();
    expect(await screen.findByText('请先上传原图')).toBeInTheDocument();
  });
});
