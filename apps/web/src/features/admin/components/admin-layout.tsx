import {
  AccountBookOutlined,
  ApiOutlined,
  AuditOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DesktopOutlined,
  ExperimentOutlined,
  FileImageOutlined,
  HomeOutlined,
  LogoutOutlined,
  ReconciliationOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { adminRoleNames } from '@huijing/contracts';
import { Button, Tag } from 'antd';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { BrandMark } from '../../../components/brand-logo';
import { useAccess, useAdminSession } from '../../../components/use-session';
import { adminAccess, filterMenu } from '../../../lib/access';
import { signOutAdmin } from '../../../lib/admin-session';

interface SideItem {
  key: string;
  label: string;
  icon: ReactNode;
  path?: string;
  access?: string;
  children?: SideItem[];
}

const sideMenu: SideItem[] = [
  {
    key: 'operations',
    label: '运营',
    icon: null,
    children: [
      {
        key: 'dashboard',
        label: '数据看板',
        icon: <DashboardOutlined />,
        path: '/admin/dashboard',
        access: adminAccess('stats.read'),
      },
      {
        key: 'users',
        label: '用户管理',
        icon: <UserOutlined />,
        path: '/admin/users',
        access: adminAccess('users.read'),
      },
      {
        key: 'tasks',
        label: '任务管理',
        icon: <ThunderboltOutlined />,
        path: '/admin/tasks',
        access: adminAccess('tasks.read'),
      },
      {
        key: 'moderation-gallery',
        label: '灵感广场审核',
        icon: <FileImageOutlined />,
        path: '/admin/moderation/gallery',
        access: adminAccess('moderation.review'),
      },
      {
        key: 'moderation-models',
        label: '模型广场审核',
        icon: <ExperimentOutlined />,
        path: '/admin/moderation/models',
        access: adminAccess('moderation.review'),
      },
    ],
  },
  {
    key: 'money',
    label: '交易',
    icon: null,
    children: [
      {
        key: 'orders',
        label: '订单管理',
        icon: <AccountBookOutlined />,
        path: '/admin/orders',
        access: adminAccess('orders.read'),
      },
      {
        key: 'reconcile',
        label: '对账',
        icon: <ReconciliationOutlined />,
        path: '/admin/reconcile',
        access: adminAccess('orders.reconcile'),
      },
      {
        key: 'products',
        label: '商品管理',
        icon: <ShoppingOutlined />,
        path: '/admin/products',
        access: adminAccess('products.write'),
      },
    ],
  },
  {
    key: 'platform',
    label: '平台',
    icon: null,
    children: [
      {
        key: 'engines',
        label: '引擎与工具',
        icon: <ApiOutlined />,
        path: '/admin/engines',
        access: adminAccess('engines.read'),
      },
      {
        key: 'settings',
        label: '业务设置',
        icon: <SettingOutlined />,
        path: '/admin/settings',
        access: adminAccess('settings.read'),
      },
      {
        key: 'audit',
        label: '审计日志',
        icon: <AuditOutlined />,
        path: '/admin/audit',
        access: adminAccess('audit.read'),
      },
    ],
  },
  {
    key: 'system',
    label: '系统管理',
    icon: null,
    children: [
      {
        key: 'accounts',
        label: '管理员账号',
        icon: <TeamOutlined />,
        path: '/admin/accounts',
        access: 'canManageAdmins',
      },
      {
        key: 'client',
        label: '客户端发布',
        icon: <DesktopOutlined />,
        path: '/admin/client',
        access: adminAccess('client.write'),
      },
      {
        key: 'feedback',
        label: '客服与反馈',
        icon: <CustomerServiceOutlined />,
        path: '/admin/feedback',
        access: 'admin:support.reply',
      },
    ],
  },
];

export const roleLabels = adminRoleNames;
export const roleColors = { super: 'purple', operator: 'blue', finance: 'gold' } as const;

/** The admin frame: sidebar of what this admin may open, the signed-in admin and sign-out. */
export const AdminLayout = () => {
  const session = useAdminSession();
  const { access } = useAccess();
  const navigate = useNavigate();
  const groups = filterMenu(sideMenu, access);
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  // On a phone the menu is one scrolling strip: keep the open screen's link in sight.
  useEffect(() => {
    nav.current
      ?.querySelector('.hj-admin__link.is-active')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [pathname]);

  return (
    <div className="hj-admin">
      <aside className="hj-admin__side">
        <Link to="/admin" className="hj-admin__brand">
          <BrandMark size={32} />
          <span>
            绘境<small>管理后台</small>
          </span>
        </Link>
        <nav aria-label="后台导航" ref={nav}>
          {groups.map((group) => (
            <div key={group.key} className="hj-admin__group">
              <p>{group.label}</p>
              {group.children?.map((item) => (
                <NavLink
                  key={item.key}
                  to={item.path ?? '/admin'}
                  className={({ isActive }) => `hj-admin__link${isActive ? ' is-active' : ''}`}
                >
                  {item.icon}
                  {item.label}
                </NavLink>
              ))}
            </div>
          ))}
        </nav>
        <Link to="/" className="hj-admin__site">
          <HomeOutlined /> 返回前台
        </Link>
      </aside>
      <div className="hj-admin__body">
        <header className="hj-admin__top">
          <div className="hj-admin__who">
            <span className="hj-admin__initial">{session?.displayName.slice(0, 1)}</span>
            <strong>{session?.displayName}</strong>
            <span className="hj-admin__username">@{session?.username}</span>
            {session ? (
              <Tag color={roleColors[session.role]}>{roleLabels[session.role]}</Tag>
            ) : null}
          </div>
          <Button
            icon={<LogoutOutlined />}
            onClick={() => {
              signOutAdmin();
              void navigate('/admin/login', { replace: true });
            }}
          >
            退出登录
          </Button>
        </header>
        <main className="hj-admin__main">
          <Outlet />
        </main>
      </div>
    </div>
  );
};
