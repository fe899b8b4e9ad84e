import { getTool } from '@huijing/tools';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { initI18n } from '../../../app/i18n';
import { fakeApi, renderWithProviders, resetFakeApi } from '../../../test/fake-api';
import { ResultView } from './result-view';

initI18n();
afterEach(resetFakeApi);

const Assistant = () => {
  const state = useLocation().state as { initialImage?: string; initialMessage?: string };
  return (
    <p>
      assistant:{state.initialImage}|{state.initialMessage}
    </p>
  );
};

describe('ResultView', () => {
  it('hands the shown output to the assistant with a ready question', async () => {
    fakeApi({});
    const tool = getTool('to-line')!;
    const task = {
      taskId: 't1',
      outputs: [
        { url: '/api/files/out-1', thumbUrl: null, width: 10, height: 10, kind: 'image' as const },
      ],
    };
    renderWithProviders(
      <Routes>
        <Route path="/toline" element={<ResultView task={task} tool={tool} />} />
        <Route path="/deepseek" element={<Assistant />} />
      </Routes>,
      { path: '/toline' },
    );
    fireEvent.click(screen.getByRole('button', { name: /继续处理/ }));
    fireEvent.click(await screen.findByText('问问 AI 助手'));
    const handedOff = await screen.findByText(/^assistant:/);
    expect(handedOff.textContent).toContain('/api/files/out-1|');
    expect(handedOff.textContent).toContain('「图片转线稿」');
  });

  it('shows how much of the original’s structure the shown picture kept', () => {
    fakeApi({});
    const tool = getTool('indoor')!;
    const out = { thumbUrl: null, width: 10, height: 10, kind: 'image' as const };
    const task = {
      taskId: 't2',
      outputs: [
        { ...out, url: '/api/files/a', structureScore: 0.92 },
        { ...out, url: '/api/files/b', structureScore: 0.805 },
      ],
    };
    renderWithProviders(<ResultView task={task} tool={tool} />, { path: '/indoorRender' });
    expect(screen.getByText(/结构保持 92%/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('tab')[1]!);
    expect(screen.getByText(/结构保持 81%/)).toBeTruthy();
  });

  it('shows no structure figure for a picture that was not measured', () => {
    fakeApi({});
    const task = {
      outputs: [
        { url: '/api/files/c', thumbUrl: null, width: 10, height: 10, kind: 'image' as const },
      ],
    };
    renderWithProviders(<ResultView task={task} tool={getTool('text-to-image')!} />);
    expect(screen.queryByText(/结构保持/)).toBeNull();
  });
});
