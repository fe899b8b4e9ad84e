import {
  CrownFilled,
  DashboardOutlined,
  DownOutlined,
  IdcardOutlined,
  LogoutOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { ticketTypeNames } from '@huijing/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popover, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { useRecharge } from '../../../components/recharge.store';
import { useAccess, useCurrentUser, useTicketBalances } from '../../../components/use-session';
import { filterMenu } from '../../../lib/access';
import { groupDigits } from '../../../lib/format';
import type { CurrentUser } from '../../../lib/session';
import { logout } from '../model/logout';
import { UserAvatar } from './user-avatar';

interface MenuItem {
  key: string;
  label: string;
  icon: ReactNode;
  access: string;
  danger?: boolean;
}

const menuItems: MenuItem[] = [
  { key: 'recharge', label: '充值中心', icon: <WalletOutlined />, access: 'isSignedIn' },
  { key: 'orders', label: '我的订单', icon: <ProfileOutlined />, access: 'isSignedIn' },
  { key: 'profile', label: '个人资料', icon: <IdcardOutlined />, access: 'isSignedIn' },
  { key: 'face', label: '实名认证', icon: <SafetyCertificateOutlined />, access: 'isSignedIn' },
  { key: 'admin', label: '管理后台', icon: <DashboardOutlined />, access: 'canAdmin' },
  {
    key: 'logout',
    label: '退出登录',
    icon: <LogoutOutlined />,
    access: 'isSignedIn',
    danger: true,
  },
];

const VipBadge = ({ user }: { user: CurrentUser }) =>
  user.vip.isVip ? (
    <span className="hj-vip" title={user.vip.tierName}>
      <CrownFilled /> {user.vip.tierName}
    </span>
  ) : null;

/** Balances, the user's card and the menu: shared by the desktop popover and the drawers. */
const AccountPanel = ({ user, onAction }: { user: CurrentUser; onAction: () => void }) => {
  const { access } = useAccess();
  const tickets = useTicketBalances(true);
  const dialogs = useAccountDialogs();
  const openRecharge = useRecharge((s) => s.openRecharge);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  const run = (key: string) => {
    onAction();
    if (key === 'recharge') openRecharge();
    // The personal center's order history (继续支付, 申请退款).
    if (key === 'orders') void navigate('/personalCenter');
    if (key === 'profile') dialogs.openProfile();
    if (key === 'face') void dialogs.requestFaceVerification();
    if (key === 'admin') void navigate('/admin');
    if (key === 'logout') {
      setLeaving(true);
      void logout(queryClient);
    }
  };

  return (
    <div className="hj-account">
      <div className="hj-account__head">
        <UserAvatar user={user} size={44} />
        <div className="hj-account__who">
          <strong>{user.nickname}</strong>
          <span>{user.phone ?? '微信登录'}</span>
        </div>
        {user.vip.isVip ? (
          <VipBadge user={user} />
        ) : (
          <button
            type="button"
            className="hj-vip-join"
            onClick={() => {
              onAction();
              openRecharge({ tab: 'vip' });
            }}
          >
            <CrownFilled /> 开通会员
          </button>
        )}
      </div>
      {/* The ticket counter opens the recharge modal (spec §2). */}
      <ul className="hj-account__tickets" aria-label="剩余次数">
        {tickets.map(({ type, balance }) => (
          <li key={type} data-ticket-type={type}>
            <button
              type="button"
              className="hj-account__ticket"
              title="充值"
              onClick={() => {
                onAction();
                openRecharge();
              }}
            >
              <strong>{balance === null ? '—' : groupDigits(balance)}</strong>
              <span>{ticketTypeNames[type]['zh-CN']}</span>
            </button>
          </li>
        ))}
      </ul>
      <nav className="hj-account__menu" aria-label="账号菜单">
        {filterMenu(menuItems, access).map((item) => (
          <button
            key={item.key}
            type="button"
            className={`hj-account__item${item.danger ? ' is-danger' : ''}`}
            disabled={leaving}
            onClick={() => run(item.key)}
          >
            {item.icon}
            <span>{item.label}</span>
          </button>
        ))}
      </nav>
    </div>
  );
};

export const HeaderAccount = ({ tone }: { tone: 'light' | 'dark' }) => {
  const { user, loading } = useCurrentUser();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const [open, setOpen] = useState(false);
  if (loading) return <Skeleton.Avatar active size={36} />;
  if (!user) {
    return (
      <Button
        type="primary"
        icon={<UserOutlined />}
        className="hj-header__login"
        onClick={() => openLogin()}
      >
        登录 / 注册
      </Button>
    );
  }
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      classNames={{ root: 'hj-account-pop' }}
      content={<AccountPanel user={user} onAction={() => setOpen(false)} />}
    >
      <button type="button" className={`hj-user-chip hj-user-chip--${tone}`} aria-label="账号菜单">
        <UserAvatar user={user} size={32} />
        <span className="hj-user-chip__name">{user.nickname}</span>
        {user.vip.isVip ? <CrownFilled className="hj-user-chip__crown" /> : null}
        <DownOutlined className="hj-user-chip__caret" />
      </button>
    </Popover>
  );
};

export const DrawerAccount = ({ onNavigate }: { onNavigate: () => void }) => {
  const { user, loading } = useCurrentUser();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  if (loading) return <Skeleton active avatar paragraph={{ rows: 1 }} />;
  if (!user) {
    return (
      <Button
        type="primary"
        block
        size="large"
        onClick={() => {
          onNavigate();
          openLogin();
        }}
      >
        登录 / 注册
      </Button>
    );
  }
  return <AccountPanel user={user} onAction={onNavigate} />;
};

export const MobileAccount = () => {
  const { user } = useCurrentUser();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const [open, setOpen] = useState(false);
  if (!user) {
    return (
      <button
        type="button"
        className="hj-m__login"
        aria-label="登录 / 注册"
        onClick={() => openLogin()}
      >
        <UserOutlined />
      </button>
    );
  }
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      classNames={{ root: 'hj-account-pop' }}
      content={<AccountPanel user={user} onAction={() => setOpen(false)} />}
    >
      <button type="button" className="hj-m__avatar" aria-label="账号菜单">
        <UserAvatar user={user} size={34} />
      </button>
    </Popover>
  );
};
