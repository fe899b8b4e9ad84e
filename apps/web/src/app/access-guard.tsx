import { LockOutlined, LoginOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { useAccountDialogs } from '../components/account-dialogs.store';
import { PageShell } from '../components/page-shell';
import { usePageTitle } from '../components/use-page-title';
import { useAccess } from '../components/use-session';
import { accessRealm, isAccessible, type AccessName } from '../lib/access';
import { BootScreen } from './root-layout-parts';

/** Route handle: the access key a screen needs (spec §3). */
export interface RouteHandle {
  access?: string;
}

/** The deepest route that names an access key decides (child screens refine their layout). */
export const useRouteAccess = (): string | undefined => {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const access = (matches[i]?.handle as RouteHandle | undefined)?.access;
    if (access !== undefined) return access;
  }
  return undefined;
};

const NeedSignIn = ({ admin }: { admin: boolean }) => {
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const navigate = useNavigate();
  const location = useLocation();
  usePageTitle(admin ? '需要管理员登录' : '需要登录');
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <PageShell footer={false}>
      <div className="hj-guard">
        <Result
          icon={<LockOutlined className="hj-guard__icon" />}
          title={admin ? '需要管理员登录' : '需要登录'}
          subTitle={
            admin
              ? '该页面属于管理后台，请使用管理员账号登录后访问。'
              : '登录后即可使用该功能，你的作品与剩余次数会在各设备间同步。'
          }
          extra={
            <Button
              type="primary"
              size="large"
              icon={<LoginOutlined />}
              onClick={() =>
                admin
                  ? void navigate(`/admin/login?redirect=${encodeURIComponent(returnTo)}`)
                  : openLogin({ returnTo })
              }
            >
              {admin ? '前往管理员登录' : '登录 / 注册'}
            </Button>
          }
        />
      </div>
    </PageShell>
  );
};

const Forbidden = () => {
  const navigate = useNavigate();
  usePageTitle('无权访问');
  return (
    <PageShell footer={false}>
      <div className="hj-guard">
        <Result
          icon={<StopOutlined className="hj-guard__icon hj-guard__icon--deny" />}
          title="无权访问"
          subTitle="当前账号没有访问该页面的权限。如需开通，请联系管理员。"
          extra={
            <Button type="primary" size="large" onClick={() => void navigate('/')}>
              返回首页
            </Button>
          }
        />
      </div>
    </PageShell>
  );
};

/**
 * Renders the screen only when its access key allows it. A missing sign-in offers the right
 * sign-in (user or admin); anything else is "无权访问". While a stored token is being checked,
 * guarded screens wait rather than flash the sign-in prompt.
 */
export const AccessGuard = ({ children }: { children: ReactNode }) => {
  const name = useRouteAccess();
  const location = useLocation();
  const { access, loading } = useAccess();
  if (isAccessible(access, name, location.pathname)) return <>{children}</>;
  const realm = name && name in accessRealm ? accessRealm[name as AccessName] : 'none';
  if (realm === 'user' && loading) return <BootScreen />;
  if (realm === 'user' && !access.isSignedIn) return <NeedSignIn admin={false} />;
  if (realm === 'admin' && !access.canAdmin) return <NeedSignIn admin />;
  return <Forbidden />;
};
