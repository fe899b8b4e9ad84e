import { DeleteOutlined, EditOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import type { AdminAccount } from '@huijing/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Input, Popconfirm, Result, Space, Table, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { useAdminSession } from '../../../components/use-session';
import { PAGE_SIZE } from '../../../lib/constants';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import {
  AdminApiError,
  adminAccountsQuery,
  adminApi,
  adminKeys,
  type AdminAccountCreate,
  type AdminAccountUpdate,
} from '../api/admin.api';
import { CreateAccountModal, EditAccountModal } from './account-form-modal';
import { roleColors, roleLabels } from './admin-layout';

const FORBIDDEN = 403;
const statusOf = (code: number | undefined) =>
  code === undefined ? undefined : Math.floor(code / 100);

/** /admin/accounts: paged, searchable list of admins with create, edit and delete. */
export const AdminAccountsPage = () => {
  usePageTitle('管理员账号');
  const me = useAdminSession();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminAccount>();
  const query = useQuery(adminAccountsQuery({ page, pageSize: PAGE_SIZE, keyword }));

  const done = (text: string) => {
    notify(text, 'success');
    void queryClient.invalidateQueries({ queryKey: adminKeys.allAccounts });
  };
  const fail = (error: Error) => notify(error.message, 'error');

  const create = useMutation({
    mutationFn: (body: AdminAccountCreate) => adminApi.create(body),
    onSuccess: (account) => {
      setCreating(false);
      done(`已创建管理员 ${account.username}`);
    },
    onError: fail,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminAccountUpdate }) =>
      adminApi.update(id, body),
    onSuccess: () => {
      setEditing(undefined);
      done('已保存修改');
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (id: string) => adminApi.remove(id),
    onSuccess: () => done('已删除管理员'),
    onError: fail,
  });

  const error = query.error instanceof AdminApiError ? query.error : undefined;
  if (error && statusOf(error.code) === FORBIDDEN) {
    return (
      <div className="hj-admin-card">
        <Result
          status="403"
          title="无权管理管理员账号"
          subTitle={error.message}
          extra={<p className="hj-admin-muted">如需调整权限，请联系超级管理员。</p>}
        />
      </div>
    );
  }

  const columns: TableProps<AdminAccount>['columns'] = [
    {
      title: '管理员',
      key: 'name',
      render: (_, a) => (
        <div className="hj-admin-cell">
          <span className="hj-admin__initial">{a.displayName.slice(0, 1)}</span>
          <div>
            <strong>{a.displayName}</strong>
            <span>@{a.username}</span>
          </div>
        </div>
      ),
    },
    {
      title: '角色',
      dataIndex: 'role',
      width: 130,
      render: (role: AdminAccount['role']) => (
        <Tag color={roleColors[role]}>{roleLabels[role]}</Tag>
      ),
    },
    {
      title: '状态',
      dataIndex: 'disabled',
      width: 100,
      render: (disabled: boolean) =>
        disabled ? (
          <Badge status="default" text="已停用" />
        ) : (
          <Badge status="success" text="正常" />
        ),
    },
    {
      title: '最近登录',
      dataIndex: 'lastLoginAt',
      width: 170,
      render: (at: string | null) =>
        at ? formatDateTime(at) : <span className="hj-admin-muted">从未登录</span>,
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 170,
      render: (at: string) => formatDateTime(at),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, a) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(a)}>
            编辑
          </Button>
          <Popconfirm
            title={`删除管理员 ${a.username}？`}
            description="删除后该账号立即失效，且无法恢复。"
            okText="删除"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            disabled={a.accountId === me?.accountId}
            onConfirm={() => remove.mutateAsync(a.accountId).catch(() => undefined)}
          >
            <Button
              type="link"
              size="small"
              danger
              icon={a.accountId === me?.accountId ? <StopOutlined /> : <DeleteOutlined />}
              disabled={a.accountId === me?.accountId}
              title={a.accountId === me?.accountId ? '不能删除当前登录的账号' : undefined}
            >
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="hj-admin-card">
      <div className="hj-admin-card__head">
        <div>
          <h1>管理员账号</h1>
          <p className="hj-admin-muted">管理后台登录账号与角色；停用或重置密码会立即使其登出。</p>
        </div>
        <Space wrap>
          <Input.Search
            allowClear
            aria-label="搜索管理员"
            placeholder="搜索用户名或名称"
            style={{ width: 240 }}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPage(1);
            }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            新建管理员
          </Button>
        </Space>
      </div>
      {error ? (
        <p className="hj-admin-error" role="alert">
          {error.message}
        </p>
      ) : null}
      <Table<AdminAccount>
        rowKey="accountId"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        locale={{ emptyText: keyword ? `没有与“${keyword}”匹配的管理员` : '暂无管理员' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: query.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 个账号`,
          onChange: setPage,
        }}
      />
      <CreateAccountModal
        open={creating}
        busy={create.isPending}
        onCancel={() => setCreating(false)}
        onSubmit={(body) => create.mutate(body)}
      />
      <EditAccountModal
        account={editing}
        busy={update.isPending}
        onCancel={() => setEditing(undefined)}
        onSubmit={(id, body) => update.mutate({ id, body })}
      />
    </div>
  );
};
