import { maskPhone, type AdminTaskRow } from '@huijing/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Select, Space, Tag, Tooltip, type TableProps } from 'antd';
import { useState } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDateTime } from '../../../lib/format';
import { catalogTools } from '../../../lib/tool-catalog';
import { notify } from '../../../lib/notify';
import { consoleApi, consoleKeys, tasksQuery } from '../api/console.api';
import { useCan } from '../hooks/use-can';
import { useUrlTable } from '../hooks/use-url-table';
import { ConsoleError } from './console-error';
import { taskStatus } from './user-detail-drawer';
import { FilterSearch, FilterSelect } from './console-filters';
import { ConsoleTable } from './console-table';

type Pending = { task: AdminTaskRow; action: 'cancel' | 'retry' } | undefined;

/** /admin/tasks: every user's tasks with filters; cancel (tickets back) and retry. */
export const AdminTasksPage = () => {
  usePageTitle('任务管理');
  const can = useCan();
  const table = useUrlTable(['status', 'toolId', 'userId', 'engine'] as const, 20);
  const query = useQuery(tasksQuery(table.query));
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>();
  const [reason, setReason] = useState('');
  const act = useMutation({
    mutationFn: ({ task, action }: NonNullable<Pending>) =>
      consoleApi.taskAction(task.id, action, reason.trim()),
    onSuccess: (_, { action }) => {
      notify(action === 'cancel' ? '任务已取消，次数已退回' : '已重新提交', 'success');
      setPending(undefined);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: consoleKeys.all });
    },
    onError: (error: Error) => notify(error.message, 'error'),
  });

  const columns: TableProps<AdminTaskRow>['columns'] = [
    {
      title: '提交时间',
      dataIndex: 'createdAt',
      width: 150,
      render: (at: string) => formatDateTime(at),
    },
    {
      title: '用户',
      key: 'user',
      render: (_, t) =>
        t.userPhone ? maskPhone(t.userPhone) : <code>{t.userId.slice(0, 8)}</code>,
    },
    { title: '工具', dataIndex: 'toolId' },
    { title: '引擎', dataIndex: 'engine', responsive: ['md'] },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: string, t) => (
        <Tooltip title={t.error ?? undefined}>
          <Tag color={taskStatus[s]?.color}>
            {taskStatus[s]?.text ?? s}
            {s === 'running' ? ` ${Math.round(t.progress)}%` : ''}
          </Tag>
        </Tooltip>
      ),
    },
    {
      // The weakest picture's structure-kept score; below the guard's threshold it was redone.
      title: '结构保持',
      dataIndex: 'structureScore',
      responsive: ['md'],
      render: (v: number | null | undefined) =>
        typeof v === 'number' ? `${Math.round(v * 100)}%` : '—',
    },
    {
      title: '次数',
      dataIndex: 'price',
      responsive: ['sm'],
      render: (p: number, t) => `${p}（${t.ticketsState}）`,
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, t) =>
        can('tasks.manage') ? (
          <Space size={0}>
            {t.status === 'queued' || t.status === 'running' ? (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => setPending({ task: t, action: 'cancel' })}
              >
                取消
              </Button>
            ) : null}
            {t.status === 'failed' || t.status === 'canceled' ? (
              <Button
                type="link"
                size="small"
                onClick={() => setPending({ task: t, action: 'retry' })}
              >
                重试
              </Button>
            ) : null}
          </Space>
        ) : null,
    },
  ];
  const who = pending?.task.userPhone
    ? maskPhone(pending.task.userPhone)
    : pending?.task.userId.slice(0, 8);
  const sentence = pending
    ? pending.action === 'cancel'
      ? `将取消用户 ${who} 的任务（${pending.task.toolId}），预扣的 ${pending.task.price} 次退回给用户`
      : `将以用户 ${who} 的名义重新提交该任务（${pending.task.toolId}），按正常规则预扣 ${pending.task.price} 次`
    : '';

  return (
    <div className="hj-admin-card">
      <div className="hj-admin-card__head">
        <div>
          <h1>任务管理</h1>
          <p className="hj-admin-muted">
            所有用户的任务；取消会退回预扣次数，重试按正常规则重新扣次。
          </p>
        </div>
        <Space wrap>
          <FilterSelect
            table={table}
            name="status"
            label="任务状态"
            width={110}
            all="全部状态"
            options={Object.entries(taskStatus).map(([value, s]) => ({ value, label: s.text }))}
          />
          <Select
            aria-label="工具"
            showSearch
            allowClear
            placeholder="全部工具"
            value={table.filters.toolId}
            style={{ width: 160 }}
            onChange={(v?: string) => table.setFilters({ toolId: v || undefined })}
            optionFilterProp="label"
            options={catalogTools.map((t) => ({ value: t.id, label: t.name['zh-CN'] }))}
          />
          <Select
            aria-label="引擎"
            allowClear
            placeholder="全部引擎"
            value={table.filters.engine}
            style={{ width: 130 }}
            onChange={(v?: string) => table.setFilters({ engine: v || undefined })}
            options={['local', 'comfyui', 'openai-images', 'dashscope', 'ark'].map((e) => ({
              value: e,
              label: e,
            }))}
          />
          <FilterSearch
            table={table}
            name="userId"
            label="用户"
            placeholder="用户 ID 或手机号"
            width={190}
          />
        </Space>
      </div>
      <ConsoleError error={query.error} />
      <ConsoleTable<AdminTaskRow>
        rowKey="id"
        columns={columns}
        table={table}
        query={query}
        empty="没有符合条件的任务"
        total={(n) => `共 ${n} 个任务`}
      />
      <Modal
        open={Boolean(pending)}
        title={pending?.action === 'cancel' ? '取消任务' : '重试任务'}
        okText="确认执行"
        cancelText="返回"
        okButtonProps={{ disabled: reason.trim().length < 2, danger: pending?.action === 'cancel' }}
        confirmLoading={act.isPending}
        onCancel={() => setPending(undefined)}
        onOk={() => pending && act.mutate(pending)}
        destroyOnHidden
      >
        <p>{sentence}。</p>
        <Input.TextArea
          aria-label="操作原因"
          rows={2}
          maxLength={200}
          value={reason}
          placeholder="原因（必填，写入审计日志）"
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </div>
  );
};
