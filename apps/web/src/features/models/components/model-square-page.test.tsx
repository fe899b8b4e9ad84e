import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { fakeApi, ok, renderWithProviders, resetFakeApi } from '../../../test/fake-api';
import { ModelSquarePage } from './model-square-page';

initI18n();

const emptySquare = () =>
  fakeApi({
    'GET /model/train/domains/data': () => ok([]),
    'GET /model/square': () => ok({ list: [], nextCursor: null }),
  });

describe('ModelSquarePage when nothing is public', () => {
  afterEach(resetFakeApi);

  it('全部 has its own words and invites a first model', async () => {
    emptySquare();
    renderWithProviders(<ModelSquarePage />, { path: '/modelsquare' });
    expect(await screen.findByText(/^还没有公开的模型/)).toBeTruthy();
    expect(screen.queryByText('这个方向还没有公开的模型')).toBeNull();
    expect(screen.getByRole('button', { name: '去训练' })).toBeTruthy();
  });

  it('one direction says so and points back to 全部', async () => {
    emptySquare();
    renderWithProviders(<ModelSquarePage />, { path: '/modelsquare?domain=interior-style' });
    expect(await screen.findByText('这个方向还没有公开的模型')).toBeTruthy();
    expect(screen.getByRole('button', { name: '看看全部方向' })).toBeTruthy();
  });
});
