import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Modal, Tag } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { consoleApi, consoleKeys } from '../api/console.api';
import { useCan } from '../hooks/use-can';
import { ReasonField } from './reason-field';

/**
 * The example pictures of styles, room types and tools (docs/samples.md): how many the pickers
 * and cards have, the last run, and 重新生成示例图 (engines.manage, audit-logged with a reason).
 */
export const AdminSamplesCard = () => {
  const can = useCan();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: consoleKeys.samples,
    queryFn: consoleApi.samples,
    retry: false,
    // While a run goes on, its result shows as soon as it is done.
    refetchInterval: (q) => (q.state.data?.running ? 3_000 : false),
  });
  const [open, setOpen] = useState(false);
  const [force, setForce] = useState(false);
  const [reason, setReason] = useState('');
  const start = useMutation({
    mutationFn: () => consoleApi.regenerateSamples({ force, reason: reason.trim() }),
    onSuccess: () => {
      notify('已开始生成示例图，完成后这里会显示结果', 'success');
      setOpen(false);
      setReason('');
      void client.invalidateQueries({ queryKey: consoleKeys.samples });
    },
    onError: (error: Error) => notify(error.message, 'error'),
  });
  const data = query.data;
  const last = data?.last;
  return (
    <Card
      size="small"
      title="示例图"
      extra={
        can('engines.manage') ? (
          <Button size="small" disabled={!data || data.running} onClick={() => setOpen(true)}>
            重新生成示例图
          </Button>
        ) : null
      }
    >
      <p className="hj-admin-muted">
        风格、空间类型选择器和工具卡片上的示例图，由本站配置的引擎生成（也可在服务器上运行 npm run
        samples）。
      </p>
      {data ? (
        <p>
          现有：风格 {data.counts.style} 张 · 空间类型 {data.counts.room} 张 · 工具{' '}
          {data.counts.tool} 张{data.running ? <Tag color="processing">生成中</Tag> : null}
        </p>
      ) : null}
      {last && last.finishedAt ? (
        <p className="hj-admin-muted">
          上次（{formatDateTime(last.finishedAt)}）：新生成 {last.made} 张，保留 {last.kept} 张，
          {last.notMade} 项无可用引擎或输入
          {last.failed.length ? `，${last.failed.length} 张失败（${last.failed[0]!.reason}）` : ''}
          {last.aiEngine === false ? '；没有配置 AI 引擎，只生成了本机引擎能做的工具示例' : ''}
          {last.error ? `；运行出错：${last.error}` : ''}
        </p>
      ) : null}
      <Modal
        open={open}
        title="重新生成示例图"
        okText="开始生成"
        cancelText="取消"
        okButtonProps={{ disabled: reason.trim().length < 2 }}
        confirmLoading={start.isPending}
        onCancel={() => setOpen(false)}
        onOk={() => start.mutate()}
        destroyOnHidden
      >
        <p>
          将用当前引擎为每个风格、空间类型和工具生成一张示例图，在后台进行，可能需要较长时间，并占用引擎。
        </p>
        <Checkbox checked={force} onChange={(e) => setForce(e.target.checked)}>
          已有的也重新生成
        </Checkbox>
        <ReasonField value={reason} onChange={setReason} style={{ marginTop: 12 }} />
      </Modal>
    </Card>
  );
};
