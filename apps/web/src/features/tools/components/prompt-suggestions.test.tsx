import { getTool } from '@huijing/tools';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { fakeApi, ok, renderWithProviders, resetFakeApi } from '../../../test/fake-api';
import { ParamForm } from './param-form';

const i18n = initI18n();
vi.setConfig({ testTimeout: 30_000 });

const Form = ({ toolId, prompt }: { toolId: string; prompt: string }) => {
  const tool = getTool(toolId)!;
  const [values, setValues] = useState<Record<string, unknown>>(() => ({
    ...tool.params.parse({}),
    promptTxt: prompt,
  }));
  return (
    <ParamForm
      tool={tool}
      values={values}
      onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
      onReset={() => undefined}
    />
  );
};

const setup = (toolId: string, prompt = '') => {
  fakeApi({ 'GET /ai/getAllClassify': () => ok([]), 'GET /ai/getAllSuCai': () => ok([]) });
  renderWithProviders(<Form toolId={toolId} prompt={prompt} />);
};

const promptBox = () => screen.getByRole('textbox', { name: /描述词|Prompt/ });
const chips = () => screen.getByRole('group', { name: /常用描述|Common phrases/ });

afterEach(async () => {
  resetFakeApi();
  await i18n.changeLanguage('zh-CN');
});

describe('the prompt box of a render or editing tool', () => {
  it('appends a tapped phrase with "，", shows it pressed, and takes it out on a second tap', async () => {
    setup('home-decoration', '奶油风客厅');
    const light = within(chips()).getByRole('group', { name: '光线' });
    const sun = within(light).getByRole('button', { name: '午后斜阳' });
    expect(sun).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(sun);
    await waitFor(() => expect(promptBox()).toHaveValue('奶油风客厅，午后斜阳'));
    expect(sun).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(chips()).getByRole('button', { name: '胡桃木' }));
    await waitFor(() => expect(promptBox()).toHaveValue('奶油风客厅，午后斜阳，胡桃木'));
    fireEvent.click(sun);
    await waitFor(() => expect(promptBox()).toHaveValue('奶油风客厅，胡桃木'));
    expect(sun).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows two groups and any group already used, and opens the rest on 更多描述词', async () => {
    setup('home-decoration', '奶油风客厅，落地灯');
    const groups = () =>
      within(chips())
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-label'));
    // 软装 holds 落地灯, already in the prompt: it stays in sight, pressed.
    expect(groups()).toEqual(['材质', '光线', '软装']);
    expect(within(chips()).getByRole('button', { name: '落地灯' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const more = within(chips()).getByRole('button', { name: '更多描述词（2 类）' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(more);
    expect(groups()).toEqual(['材质', '光线', '氛围', '视角', '软装']);
    fireEvent.click(within(chips()).getByRole('button', { name: '收起描述词' }));
    expect(groups()).toEqual(['材质', '光线', '软装']);
  });

  it('shows a phrase already typed as pressed', async () => {
    setup('home-decoration', '新中式茶室，柔和自然光');
    expect(within(chips()).getByRole('button', { name: '柔和自然光' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('offers the phrases of the tool’s subject', async () => {
    setup('landscape');
    expect(within(chips()).getByRole('group', { name: '植物' })).toBeInTheDocument();
    expect(within(chips()).getByRole('button', { name: '木栈道' })).toBeInTheDocument();
    expect(within(chips()).queryByRole('button', { name: '胡桃木' })).toBeNull();
  });

  it('offers editing phrases on an editing tool', async () => {
    setup('material-change');
    expect(within(chips()).getByRole('button', { name: '保持原有结构' })).toBeInTheDocument();
  });

  it('speaks English in en-US, joined with ", "', async () => {
    await i18n.changeLanguage('en-US');
    setup('architecture', 'museum');
    fireEvent.click(within(chips()).getByRole('button', { name: 'blue hour' }));
    await waitFor(() => expect(promptBox()).toHaveValue('museum, blue hour'));
    expect(within(chips()).getByRole('group', { name: 'Facade' })).toBeInTheDocument();
  });
});
