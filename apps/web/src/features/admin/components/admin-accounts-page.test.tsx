import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInAdmin, signOutAdmin } from '../../../lib/admin-session';
import { storage, storageKeys } from '../../../lib/storage-keys';
import { fail, fakeApi, ok, renderWithProviders, resetFakeApi } from '../../../test/fake-api';
import { AdminAccountsPage } from './admin-accounts-page';

const account = (id: string, username: string, role: 'super' | 'operator' = 'operator') => ({
  accountId: id,
  username,
  displayName: `名称-${username}`,
  role,
  disabled: false,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const root = account('a1', 'root', 'super');
const ops = account('a2', 'ops');
const page = (list: unknown[], total = list.length) => ok({ list, total, page: 1, pageSize: 10 });

beforeEach(() => {
  storage.set(storageKeys.satoken, 'hju_user');
  signInAdmin('hja_admin', root);
});
afterEach(() => {
  resetFakeApi();
  signOutAdmin();
});

// antd tables and modals render slowly under jsdom on a busy machine.
describe('admin accounts screen', { timeout: 20_000 }, () => {
  it('lists accounts with the admin token (never the user token) and searches by keyword', async () => {
    const api = fakeApi({
      'GET /user/manage/page/account': (call) =>
        call.query.get('keyword') === 'ops' ? page([ops]) : page([root, ops], 12),
    });
    renderWithProviders(<AdminAccountsPage />);
    expect(await screen.findByText('名称-ops')).toBeInTheDocument();
    expect(screen.getByText('共 12 个账号')).toBeInTheDocument();
    const first = api.callsTo('GET', '/user/manage/page/account')[0]!;
    expect(first.headers.satoken).toBe('hja_admin');
    expect(first.query.get('page')).toBe('1');
    expect(first.query.get('pageSize')).toBe('10');
    fireEvent.change(screen.getByPlaceholderText('搜索用户名或名称'), { target: { value: 'ops' } });
    fireEvent.keyDown(screen.getByPlaceholderText('搜索用户名或名称'), { key: 'Enter' });
    await waitFor(() => expect(screen.queryByText('名称-root')).toBeNull());
  });

  it('creates an account from the modal, validated by the contracts', async () => {
    const api = fakeApi({
      'GET /user/manage/page/account': () => page([root]),
      'POST /user/manage/account': () => ok(account('a3', 'newbie')),
    });
    renderWithProviders(<AdminAccountsPage />);
    fireEvent.click(await screen.findByRole('button', { name: /新建管理员/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('用户名'), { target: { value: 'newbie' } });
    fireEvent.change(within(dialog).getByLabelText('显示名称'), { target: { value: '新同事' } });
    fireEvent.change(within(dialog).getByLabelText('初始密码'), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /创\s?建/ }));
    expect(await within(dialog).findByText('密码至少 12 位')).toBeInTheDocument();
    expect(api.callsTo('POST', '/user/manage/account')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('初始密码'), {
      target: { value: 'a long enough password' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /创\s?建/ }));
    await waitFor(() => expect(api.messages()).toContain('已创建管理员 newbie'));
    expect(api.callsTo('POST', '/user/manage/account')[0]?.body).toEqual({
      username: 'newbie',
      displayName: '新同事',
      password: 'a long enough password',
      role: 'operator',
    });
  });

  it('edits role, disabled state and name, sending only what changed', async () => {
    const api = fakeApi({
      'GET /user/manage/page/account': () => page([root, ops]),
      'POST /user/manage/account/a2': () => ok({ ...ops, disabled: true }),
    });
    renderWithProviders(<AdminAccountsPage />);
    await screen.findByText('名称-ops');
    const row = screen.getByText('名称-ops').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /编\s?辑/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('显示名称'), { target: { value: '运营主管' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: '停用账号' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() => expect(api.messages()).toContain('已保存修改'));
    expect(api.callsTo('POST', '/user/manage/account/a2')[0]?.body).toEqual({
      displayName: '运营主管',
      disabled: true,
    });
  });

  it('deletes after confirmation, and never offers to delete the signed-in admin', async () => {
    const api = fakeApi({
      'GET /user/manage/page/account': () => page([root, ops]),
      'DELETE /user/manage/account/a2': () => ok(null),
    });
    renderWithProviders(<AdminAccountsPage />);
    await screen.findByText('名称-ops');
    const rootRow = screen.getByText('名称-root').closest('tr')!;
    expect(within(rootRow).getByRole('button', { name: /删\s?除/ })).toBeDisabled();
    const row = screen.getByText('名称-ops').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /删\s?除/ }));
    const confirm = await screen.findByText('删除管理员 ops？');
    const pop = confirm.closest('.ant-popover') as HTMLElement;
    expect(api.callsTo('DELETE', '/user/manage/account/a2')).toHaveLength(0);
    fireEvent.click(within(pop).getByRole('button', { name: /删\s?除/ }));
    await waitFor(() => expect(api.messages()).toContain('已删除管理员'));
    expect(api.callsTo('DELETE', '/user/manage/account/a2')).toHaveLength(1);
  });

  it("shows operators the server's 403 message instead of the table", async () => {
    fakeApi({
      'GET /user/manage/page/account': () => fail(403, 40302, '只有超级管理员可以管理管理员账号'),
    });
    renderWithProviders(<AdminAccountsPage />);
    expect(await screen.findByText('无权管理管理员账号')).toBeInTheDocument();
    expect(screen.getByText('只有超级管理员可以管理管理员账号')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
