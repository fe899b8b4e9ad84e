import { LockOutlined, LoginOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useAccountDialogs } from '../components/account-dialogs.store';
import { AntdRoot } from '../components/antd-root';
import { PageShell } from '../components/page-shell';
import { usePageTitle } from '../components/use-page-title';

/** What the access guard shows instead of a screen; its own chunk, loaded only when refused. */
const NeedSignInPanel = ({ admin }: { admin: boolean }) => {
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

const ForbiddenPanel = () => {
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

export const NeedSignIn = ({ admin }: { admin: boolean }) => (
  <AntdRoot>
    <NeedSignInPanel admin={admin} />
  </AntdRoot>
);

export const Forbidden = () => (
  <AntdRoot>
    <ForbiddenPanel />
  </AntdRoot>
);
