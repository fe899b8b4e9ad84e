import { adminRoleNames, type AdminRole, type AuditEntry } from '@huijing/contracts';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag, type TableProps } from 'antd';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDateTime } from '../../../lib/format';
import { auditQuery } from '../api/console.api';
import { useUrlTable } from '../hooks/use-url-table';
import { ConsoleError } from './console-error';
import { asInstant, FilterDayRange, FilterSearch } from './console-filters';
import { ConsoleTable } from './console-table';

/** Readable names of the recorded actions (unknown ones show their code). */
export const actionNames: Record<string, string> = {
  'admin.login': '管理员登录',
  'admin.login.failed': '登录失败',
  'admin.account.create': '新建管理员',
  'admin.account.update': '修改管理员',
  'admin.account.password': '重置管理员密码',
  'admin.account.delete': '删除管理员',
  'user.tickets.adjust': '调整次数',
  'user.disable': '停用用户',
  'user.enable': '恢复用户',
  'user.vip.grant': '开通会员',
  'task.cancel': '取消任务',
  'task.retry': '重试任务',
  'engine.out_of_service': '引擎停用',
  'engine.in_service': '引擎恢复',
  'tool.out_of_service': '工具停用',
  'tool.in_service': '工具恢复',
  'settings.update': '修改设置',
  'samples.regenerate': '重新生成示例图',
};

const Change = ({ entry }: { entry: AuditEntry }) => (
  <div className="hj-admin-change">
    <div>
      <span className="hj-admin-muted">变更前</span>
      <pre className="hj-admin-json">
        {entry.before === null ? '—' : JSON.stringify(entry.before, null, 2)}
      </pre>
    </div>
    <div>
      <span className="hj-admin-muted">变更后</span>
      <pre className="hj-admin-json">
        {entry.after === null ? '—' : JSON.stringify(entry.after, null, 2)}
      </pre>
    </div>
    <div className="hj-admin-muted">
      IP {entry.ip ?? '—'} · 请求 ID <code>{entry.requestId ?? '—'}</code>
    </div>
  </div>
);

/** /admin/audit: the append-only log of admin actions and sign-ins, filtered in the URL. */
export const AdminAuditPage = () => {
  usePageTitle('审计日志');
  const table = useUrlTable(['actor', 'action', 'target', 'from', 'to'] as const, 20);
  const query = useQuery(auditQuery(table.query));

  const columns: TableProps<AuditEntry>['columns'] = [
    { title: '时间', dataIndex: 'at', width: 160, render: (at: string) => formatDateTime(at) },
    {
      title: '操作人',
      key: 'actor',
      render: (_, e) =>
        e.actorUsername ? (
          <span>
            {e.actorUsername}{' '}
            {e.role ? (
              <Tag bordered={false}>{adminRoleNames[e.role as AdminRole] ?? e.role}</Tag>
            ) : null}
          </span>
        ) : (
          <span className="hj-admin-muted">匿名</span>
        ),
    },
    {
      title: '动作',
      dataIndex: 'action',
      render: (a: string) => (
        <Tag color={a.endsWith('failed') ? 'red' : 'geekblue'}>{actionNames[a] ?? a}</Tag>
      ),
    },
    {
      title: '对象',
      dataIndex: 'target',
      responsive: ['md'],
      render: (t: string | null) => <code>{t ?? '—'}</code>,
    },
    {
      title: '原因',
      dataIndex: 'reason',
      responsive: ['sm'],
      render: (r: string | null) => r ?? <span className="hj-admin-muted">—</span>,
    },
  ];

  return (
    <div className="hj-admin-card">
      <div className="hj-admin-card__head">
        <div>
          <h1>审计日志</h1>
          <p className="hj-admin-muted">
            每一次后台操作与登录都记录在此，只能追加，任何人都无法修改或删除。
          </p>
        </div>
        <Space wrap>
          <FilterSearch
            table={table}
            name="actor"
            label="操作人"
            placeholder="操作人用户名"
            width={160}
          />
          <FilterSearch
            table={table}
            name="target"
            label="对象"
            placeholder="对象，如 user:ID"
            width={200}
          />
          <FilterSearch
            table={table}
            name="action"
            label="动作"
            placeholder="动作前缀，如 user."
            width={170}
          />
          <FilterDayRange table={table} label="时间范围" format={asInstant} />
        </Space>
      </div>
      <ConsoleError error={query.error} />
      <ConsoleTable<AuditEntry>
        rowKey="id"
        columns={columns}
        expandable={{ expandedRowRender: (e) => <Change entry={e} /> }}
        table={table}
        query={query}
        empty="没有符合条件的记录"
        total={(n) => `共 ${n} 条`}
      />
    </div>
  );
};
