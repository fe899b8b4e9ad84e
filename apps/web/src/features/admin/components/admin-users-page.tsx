import { SearchOutlined } from '@ant-design/icons';
import { maskPhone, ticketTypeNames, type AdminUserRow } from '@huijing/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Space, Tag, type TableProps } from 'antd';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDateTime } from '../../../lib/format';
import { usersQuery } from '../api/console.api';
import { useUrlTable } from '../hooks/use-url-table';
import { ConsoleError } from './console-error';
import { FilterSearch, FilterSelect } from './console-filters';
import { UserDetailDrawer } from './user-detail-drawer';
import { ConsoleTable } from './console-table';

const vipLabels: Record<string, string> = { vip: 'VIP', svip: 'SVIP' };

/** /admin/users: every user, searchable by phone, nickname or id; details in a drawer. */
export const AdminUsersPage = () => {
  usePageTitle('用户管理');
  const table = useUrlTable(['keyword', 'status', 'vip'] as const, 10, 'user');
  const openId = table.open;
  const query = useQuery(usersQuery(table.query));
  const open = table.setOpen;

  const columns: TableProps<AdminUserRow>['columns'] = [
    {
      title: '用户',
      key: 'user',
      render: (_, u) => (
        <div className="hj-admin-cell">
          <span className="hj-admin__initial">{u.nickname.slice(0, 1)}</span>
          <div>
            <strong>{u.nickname}</strong>
            <span>
              {u.phone ? maskPhone(u.phone) : '未绑定手机'}
              {u.hasWechat ? ' · 微信' : ''}
              {u.isTestUser ? ' · 测试' : ''}
            </span>
          </div>
        </div>
      ),
    },
    {
      title: '剩余次数',
      key: 'balances',
      responsive: ['md'],
      render: (_, u) => (
        <Space size={[4, 4]} wrap>
          {([1, 2, 3, 4] as const).map((type) => (
            <Tag key={type} bordered={false}>
              {ticketTypeNames[type]['zh-CN'].replace('次数', '')} {u.balances[type]}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '会员',
      key: 'vip',
      width: 130,
      responsive: ['lg'],
      render: (_, u) =>
        u.vipTier && u.vipUntil && Date.parse(u.vipUntil) > Date.now() ? (
          <span>
            <Tag color="gold">{vipLabels[u.vipTier] ?? u.vipTier}</Tag>
            <small className="hj-admin-muted">至 {u.vipUntil.slice(0, 10)}</small>
          </span>
        ) : (
          <span className="hj-admin-muted">—</span>
        ),
    },
    {
      title: '状态',
      dataIndex: 'disabled',
      width: 90,
      render: (disabled: boolean) =>
        disabled ? <Badge status="error" text="已停用" /> : <Badge status="success" text="正常" />,
    },
    {
      title: '注册时间',
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 160,
      responsive: ['sm'],
      sorter: true,
      sortOrder: table.sortOrderOf('createdAt', 'descend'),
      render: (at: string) => formatDateTime(at),
    },
    {
      title: '最近登录',
      dataIndex: 'lastLoginAt',
      key: 'lastLoginAt',
      width: 160,
      responsive: ['lg'],
      sorter: true,
      sortOrder: table.sortOrderOf('lastLoginAt'),
      render: (at: string | null) =>
        at ? formatDateTime(at) : <span className="hj-admin-muted">—</span>,
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, u) => (
        <Button type="link" size="small" onClick={() => open(u.id)}>
          详情
        </Button>
      ),
    },
  ];

  return (
    <div className="hj-admin-card">
      <div className="hj-admin-card__head">
        <div>
          <h1>用户管理</h1>
          <p className="hj-admin-muted">
            按手机号、昵称或用户 ID 查找；调整次数、停用与会员操作都会写入审计日志。
          </p>
        </div>
        <Space wrap>
          <FilterSearch
            table={table}
            name="keyword"
            label="搜索用户"
            placeholder="手机号 / 昵称 / 用户 ID"
            prefix={<SearchOutlined />}
            width={240}
          />
          <FilterSelect
            table={table}
            name="status"
            label="账号状态"
            width={110}
            all="全部状态"
            options={[
              { value: 'active', label: '正常' },
              { value: 'disabled', label: '已停用' },
            ]}
          />
          <FilterSelect
            table={table}
            name="vip"
            label="会员"
            width={110}
            all="全部会员"
            options={[
              { value: 'none', label: '非会员' },
              { value: 'vip', label: 'VIP' },
              { value: 'svip', label: 'SVIP' },
            ]}
          />
        </Space>
      </div>
      <ConsoleError error={query.error} />
      <ConsoleTable<AdminUserRow>
        rowKey="id"
        columns={columns}
        onRow={(u) => ({ onDoubleClick: () => open(u.id) })}
        table={table}
        query={query}
        empty={table.filters.keyword ? `没有与“${table.filters.keyword}”匹配的用户` : '暂无用户'}
        total={(n) => `共 ${n} 位用户`}
      />
      <UserDetailDrawer userId={openId} onClose={() => open(null)} />
    </div>
  );
};
