import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { adminLoginBodySchema, roleCan } from '@huijing/contracts';
import { Alert, Button, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BrandMark } from '../../../components/brand-logo';
import { usePageTitle } from '../../../components/use-page-title';
import { useAdminSession } from '../../../components/use-session';
import { signInAdmin } from '../../../lib/admin-session';
import { safeReturnPath } from '../../../lib/page-navigation';
import { adminApi } from '../api/admin.api';

/** /admin/login: username and password; lockout and credential errors come from the server. */
export const AdminLoginPage = () => {
  usePageTitle('管理后台登录');
  const session = useAdminSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeReturnPath(params.get('redirect'));
  // Super admins land on accounts (as before); operators and finance on the dashboard.
  const home = roleCan(session?.role, 'admins.manage') ? '/admin/accounts' : '/admin/dashboard';
  const next = target?.startsWith('/admin/') && target !== '/admin/login' ? target : home;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (session) void navigate(next, { replace: true });
  }, [session, next, navigate]);

  const submit = async () => {
    const parsed = adminLoginBodySchema.safeParse({ username, password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const result = await adminApi.login(parsed.data);
      signInAdmin(result.token, result.account);
    } catch (e) {
      setError(e instanceof Error ? e.message : '登录失败，请稍后再试');
      setBusy(false);
    }
  };

  return (
    <div className="hj-admin-login">
      <form
        className="hj-admin-login__card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="hj-admin-login__brand">
          <BrandMark size={44} />
          <div>
            <strong>绘境 · 管理后台</strong>
            <span>Huijing Console</span>
          </div>
        </div>
        <h1>管理员登录</h1>
        {error ? (
          <Alert type="error" showIcon message={error} className="hj-admin-login__error" />
        ) : null}
        <label htmlFor="hj-admin-username">用户名</label>
        <Input
          id="hj-admin-username"
          size="large"
          autoComplete="username"
          prefix={<UserOutlined />}
          placeholder="请输入用户名"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <label htmlFor="hj-admin-password">密码</label>
        <Input.Password
          id="hj-admin-password"
          size="large"
          autoComplete="current-password"
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          登录
        </Button>
        <p className="hj-admin-login__note">连续输错 5 次密码，账号将被锁定 15 分钟</p>
      </form>
    </div>
  );
};
