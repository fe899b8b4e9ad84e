import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { sessionKeys } from '../../../lib/session';
import {
  fail,
  fakeApi,
  ok,
  renderWithProviders,
  resetFakeApi,
  testQueryClient,
} from '../../../test/fake-api';
import { TextToPromptPage } from './text-to-prompt-page';

initI18n();
vi.setConfig({ testTimeout: 30_000 });

const answer = {
  zh: '奶油风客厅，落地窗，午后阳光',
  en: 'cream style living room, daylight',
  tags: ['奶油风'],
};

const Landed = () => {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{`${pathname}${search}`}</p>;
};

const setup = (available: boolean, text = () => ok(answer)) => {
  const api = fakeApi({
    'GET /prompts/status': () =>
      ok(
        available
          ? { available, perMinute: 10 }
          : { available, reason: '尚未接入语言模型', perMinute: 10 },
      ),
    'POST /prompts/text': text,
  });
  const client = testQueryClient();
  client.setQueryDefaults(sessionKeys.currentUser, { staleTime: Infinity });
  client.setQueryData(sessionKeys.currentUser, { id: 'u1', needsInterests: false });
  renderWithProviders(
    <Routes>
      <Route path="/text2prompt" element={<TextToPromptPage />} />
      <Route path="*" element={<Landed />} />
    </Routes>,
    { client, path: '/text2prompt' },
  );
  return api;
};

afterEach(() => resetFakeApi());

describe('text to prompt', () => {
  it('says so and disables everything when no model is connected', async () => {
    const api = setup(false);
    await screen.findByText('提示词工具暂未开通');
    expect(screen.getByRole('button', { name: /生成提示词/ })).toBeDisabled();
    expect(screen.getByRole('textbox')).toBeDisabled();
    expect(api.callsTo('POST', '/prompts/text')).toHaveLength(0);
  });

  it('sends the idea with its style, shows both prompts and sends one to a tool by URL', async () => {
    const api = setup(true);
    const box = await screen.findByRole('textbox');
    await waitFor(() => expect(box).toBeEnabled());
    fireEvent.change(box, { target: { value: '  奶油风客厅 ' } });
    fireEvent.click(screen.getByText('景观'));
    fireEvent.click(screen.getByRole('button', { name: /生成提示词/ }));
    await screen.findByText(answer.en);
    expect(api.callsTo('POST', '/prompts/text')[0]!.body).toEqual({
      idea: '奶油风客厅',
      style: 'landscape',
    });
    fireEvent.click(screen.getByRole('button', { name: /使用这个提示词/ }));
    const landed = await screen.findByTestId('landed');
    const url = new URL(landed.textContent!, 'http://x');
    expect(url.pathname).toBe('/text2Img');
    expect(url.searchParams.get('prompt')).toBe(answer.zh);
  });

  it('shows the server’s reason beside the form when the model fails', async () => {
    setup(true, () => fail(502, 50260, '语言模型暂时没有响应，请稍后再试'));
    const box = await screen.findByRole('textbox');
    await waitFor(() => expect(box).toBeEnabled());
    fireEvent.change(box, { target: { value: '新中式茶室' } });
    fireEvent.click(screen.getByRole('button', { name: /生成提示词/ }));
    await screen.findByText('语言模型暂时没有响应，请稍后再试');
    expect(screen.getByText('生成的提示词会出现在这里')).toBeInTheDocument();
  });
});
