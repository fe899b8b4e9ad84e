import { maskPhone, ticketTypeNames, type AdminUserDetail } from '@huijing/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Descriptions,
  Drawer,
  Empty,
  Grid,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
} from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { consoleApi, consoleKeys, userDetailQuery } from '../api/console.api';
import { useCan } from '../hooks/use-can';
import { ConsoleError } from './console-error';
import { AdjustTicketsModal, DisableUserModal, GrantVipModal } from './user-action-modals';

const ledgerReasons: Record<string, string> = {
  signup: '注册赠送',
  hold: '任务预扣',
  capture: '任务扣除',
  release: '任务退回',
  purchase: '购买',
  admin_adjust: '后台调整',
};
const taskStatus: Record<string, { text: string; color: string }> = {
  queued: { text: '排队中', color: 'blue' },
  running: { text: '生成中', color: 'processing' },
  succeeded: { text: '已完成', color: 'success' },
  failed: { text: '失败', color: 'error' },
  canceled: { text: '已取消', color: 'default' },
};
export { taskStatus };

type Action = 'tickets' | 'disable' | 'vip' | undefined;

/** A user's balances, ledger, tasks, sessions and orders, with the actions the role allows. */
export const UserDetailDrawer = ({
  userId,
  onClose,
}: {
  userId: string | null;
  onClose: () => void;
}) => {
  const screens = Grid.useBreakpoint();
  const can = useCan();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action>();
  const query = useQuery({ ...userDetailQuery(userId ?? ''), enabled: Boolean(userId) });
  const detail = query.data;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: consoleKeys.all });
  const mutation = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => {
      setAction(undefined);
      refresh();
    },
    onError: (error: Error) => notify(error.message, 'error'),
  });
  const run = (fn: () => Promise<unknown>, done: string) =>
    mutation
      .mutateAsync(fn)
      .then(() => notify(done, 'success'))
      .catch(() => undefined);

  const user = detail?.user;
  const who = user ? (user.phone ? maskPhone(user.phone) : user.nickname) : '';
  const actions = user ? (
    <Space wrap>
      {can('users.tickets') ? (
        <Button type="primary" onClick={() => setAction('tickets')}>
          调整次数
        </Button>
      ) : null}
      {can('users.vip') ? <Button onClick={() => setAction('vip')}>会员</Button> : null}
      {can('users.disable') ? (
        <Button danger={!user.disabled} onClick={() => setAction('disable')}>
          {user.disabled ? '恢复账号' : '停用账号'}
        </Button>
      ) : null}
    </Space>
  ) : null;

  return (
    <Drawer
      open={Boolean(userId)}
      onClose={onClose}
      width={screens.md ? 720 : '100%'}
      title={user ? (screens.md ? `${user.nickname} · ${who}` : who) : '用户详情'}
      destroyOnHidden
      extra={screens.md ? actions : null}
    >
      <ConsoleError error={query.error} />
      {query.isPending && userId ? <Skeleton active /> : null}
      {detail && user ? (
        <>
          {!screens.md && actions ? <div className="hj-admin-drawer-actions">{actions}</div> : null}
          <Descriptions size="small" column={screens.md ? 2 : 1} className="hj-admin-desc">
            <Descriptions.Item label="用户 ID">
              <code>{user.id}</code>
            </Descriptions.Item>
            <Descriptions.Item label="手机号">
              {user.phone ? maskPhone(user.phone) : '未绑定'}
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              {user.disabled ? (
                <Tag color="error">
                  已停用 {user.disabledAt ? formatDateTime(user.disabledAt) : ''}
                </Tag>
              ) : (
                <Tag color="success">正常</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="会员">
              {user.vipTier && user.vipUntil
                ? `${user.vipTier.toUpperCase()} 至 ${formatDateTime(user.vipUntil)}`
                : '非会员'}
            </Descriptions.Item>
            <Descriptions.Item label="注册时间">{formatDateTime(user.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="最近登录">
              {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : '—'}
            </Descriptions.Item>
          </Descriptions>
          <div className="hj-admin-balances">
            {([1, 2, 3, 4] as const).map((type) => (
              <Statistic
                key={type}
                title={ticketTypeNames[type]['zh-CN']}
                value={user.balances[type]}
              />
            ))}
          </div>
          <DetailTabs detail={detail} />
          <AdjustTicketsModal
            open={action === 'tickets'}
            who={who}
            balances={user.balances}
            limit={detail.adjustLimit}
            busy={mutation.isPending}
            onCancel={() => setAction(undefined)}
            onSubmit={(body, text) => run(() => consoleApi.adjust(user.id, body), text)}
          />
          <DisableUserModal
            open={action === 'disable'}
            who={who}
            disabled={user.disabled}
            busy={mutation.isPending}
            onCancel={() => setAction(undefined)}
            onSubmit={(body, text) => run(() => consoleApi.disable(user.id, body), text)}
          />
          <GrantVipModal
            open={action === 'vip'}
            who={who}
            currentUntil={user.vipUntil}
            busy={mutation.isPending}
            onCancel={() => setAction(undefined)}
            onSubmit={(body, text) => run(() => consoleApi.vip(user.id, body), text)}
          />
        </>
      ) : null}
    </Drawer>
  );
};

const DetailTabs = ({ detail }: { detail: AdminUserDetail }) => (
  <Tabs
    items={[
      {
        key: 'ledger',
        label: '次数流水',
        children: (
          <Table
            size="small"
            rowKey="id"
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={detail.ledger}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: '时间', dataIndex: 'createdAt', render: (at: string) => formatDateTime(at) },
              {
                title: '类型',
                dataIndex: 'ticketType',
                render: (t: 1 | 2 | 3 | 4) => ticketTypeNames[t]?.['zh-CN'] ?? t,
              },
              {
                title: '变动',
                dataIndex: 'delta',
                render: (d: number) => (
                  <strong className={d < 0 ? 'hj-admin-neg' : 'hj-admin-pos'}>
                    {d > 0 ? `+${d}` : d}
                  </strong>
                ),
              },
              { title: '原因', dataIndex: 'reason', render: (r: string) => ledgerReasons[r] ?? r },
            ]}
          />
        ),
      },
      {
        key: 'tasks',
        label: `任务（${detail.tasks.length}）`,
        children: (
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={detail.tasks}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: '暂无任务' }}
            columns={[
              { title: '时间', dataIndex: 'createdAt', render: (at: string) => formatDateTime(at) },
              { title: '工具', dataIndex: 'toolId' },
              {
                title: '状态',
                dataIndex: 'status',
                render: (s: string) => (
                  <Tag color={taskStatus[s]?.color}>{taskStatus[s]?.text ?? s}</Tag>
                ),
              },
              { title: '次数', dataIndex: 'price' },
            ]}
          />
        ),
      },
      {
        key: 'sessions',
        label: `登录设备（${detail.sessions.length}）`,
        children: detail.sessions.length ? (
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={detail.sessions}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                title: '登录时间',
                dataIndex: 'createdAt',
                render: (at: string) => formatDateTime(at),
              },
              {
                title: '最近活动',
                dataIndex: 'lastSeenAt',
                render: (at: string) => formatDateTime(at),
              },
              { title: 'IP', dataIndex: 'ip' },
              {
                title: '设备',
                dataIndex: 'ua',
                ellipsis: true,
                render: (ua: string | null) => ua ?? '—',
              },
            ]}
          />
        ) : (
          <Empty description="当前没有有效登录" />
        ),
      },
      {
        key: 'orders',
        label: '订单',
        children:
          detail.orders === null ? (
            <Empty description="订单模块未启用" />
          ) : detail.orders.length === 0 ? (
            <Empty description="暂无订单" />
          ) : (
            <pre className="hj-admin-json">{JSON.stringify(detail.orders, null, 2)}</pre>
          ),
      },
    ]}
  />
);
