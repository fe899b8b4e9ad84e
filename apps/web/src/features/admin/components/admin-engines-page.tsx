import type { AdminEngines } from '@huijing/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Card, Col, Input, Modal, Row, Skeleton, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { consoleApi, consoleKeys, enginesQuery } from '../api/console.api';
import { useCan } from '../hooks/use-can';
import { ReasonField } from './reason-field';
import { ConsoleError } from './console-error';
import { EngineBackends } from './admin-engine-backends';
import { EngineRecentErrors, EngineSlots, EngineTestButton } from './admin-engine-extras';
import { AdminSamplesCard } from './admin-samples-card';

type Engine = AdminEngines['engines'][number];
type Target = { kind: 'engine' | 'tool'; id: string; name: string; outOfService: boolean };

const statusBadge: Record<
  Engine['status'],
  { status: 'success' | 'warning' | 'error' | 'default'; text: string }
> = {
  up: { status: 'success', text: '正常' },
  degraded: { status: 'warning', text: '降级' },
  down: { status: 'error', text: '不可用' },
  unconfigured: { status: 'default', text: '未配置' },
};

/** /admin/engines: health, load and failure rate per engine; out-of-service switches. */
export const AdminEnginesPage = () => {
  usePageTitle('引擎与工具');
  const can = useCan();
  const queryClient = useQueryClient();
  const query = useQuery(enginesQuery());
  const [target, setTarget] = useState<Target>();
  const [message, setMessage] = useState('');
  const [reason, setReason] = useState('');
  const save = useMutation({
    mutationFn: (t: Target) =>
      consoleApi.setSwitch({
        kind: t.kind,
        id: t.id,
        outOfService: !t.outOfService,
        message: message.trim() || undefined,
        reason: reason.trim(),
      }),
    onSuccess: (data, t) => {
      queryClient.setQueryData(consoleKeys.engines, data);
      notify(t.outOfService ? `${t.name} 已恢复服务` : `${t.name} 已停止服务`, 'success');
      setTarget(undefined);
      setReason('');
      setMessage('');
    },
    onError: (error: Error) => notify(error.message, 'error'),
  });
  const data = query.data;
  const toggle = (t: Target) => (can('engines.manage') ? setTarget(t) : undefined);

  return (
    <div className="hj-admin-dash">
      <div className="hj-admin-card hj-admin-card__head">
        <div>
          <h1>引擎与工具</h1>
          <p className="hj-admin-muted">
            健康检查每 10 秒最多一次；失败率统计最近 1
            小时完成的任务；并发为托管服务所有工作进程正在占用的名额。停止服务后，用户提交时看到你填写的提示。
          </p>
        </div>
      </div>
      <ConsoleError error={query.error} />
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Row gutter={[12, 12]}>
            {data.engines.map((e) => (
              <Col key={e.id} xs={24} md={12} xl={8}>
                <Card
                  size="small"
                  title={e.name}
                  extra={
                    <span className="hj-admin-engine-actions">
                      <EngineTestButton engine={e} allowed={can('engines.manage')} />
                      <Switch
                        aria-label={`${e.name} 服务开关`}
                        checkedChildren="服务中"
                        unCheckedChildren="已停止"
                        checked={!e.outOfService}
                        disabled={!can('engines.manage')}
                        onChange={() =>
                          toggle({
                            kind: 'engine',
                            id: e.id,
                            name: e.name,
                            outOfService: e.outOfService,
                          })
                        }
                      />
                    </span>
                  }
                >
                  <p>
                    <Badge
                      status={statusBadge[e.status].status}
                      text={statusBadge[e.status].text}
                    />
                    {e.latencyMs !== null ? (
                      <span className="hj-admin-muted"> · {e.latencyMs} ms</span>
                    ) : null}
                    <span className="hj-admin-muted">
                      {' '}
                      · 检查于 {formatDateTime(e.lastCheckAt)}
                    </span>
                  </p>
                  {e.detail ? <p className="hj-admin-muted">{e.detail}</p> : null}
                  <EngineBackends backends={e.backends} />
                  <div className="hj-admin-engine-figures">
                    <span>
                      排队 <strong>{e.queueDepth}</strong>
                    </span>
                    <span>
                      运行 <strong>{e.running}</strong>
                    </span>
                    <EngineSlots engine={e} />
                    <span>
                      近 1 小时完成 <strong>{e.finishedLastHour}</strong>
                    </span>
                    <span>
                      失败率{' '}
                      <strong
                        className={
                          e.failureRate !== null && e.failureRate > 0.2 ? 'hj-admin-neg' : undefined
                        }
                      >
                        {e.failureRate === null ? '—' : `${Math.round(e.failureRate * 100)}%`}
                      </strong>
                    </span>
                  </div>
                  <EngineRecentErrors engine={e} />
                  {e.outOfService ? <Tag color="red">停止服务：{e.message}</Tag> : null}
                </Card>
              </Col>
            ))}
          </Row>
          <div className="hj-admin-card" style={{ marginTop: 12 }}>
            <h2>工具开关</h2>
            <Table
              size="small"
              rowKey="id"
              dataSource={data.tools}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: '工具', dataIndex: 'name' },
                {
                  title: 'ID',
                  dataIndex: 'id',
                  responsive: ['md'],
                  render: (id: string) => <code>{id}</code>,
                },
                {
                  title: '用户看到的提示',
                  dataIndex: 'message',
                  render: (m: string | null) => m ?? <span className="hj-admin-muted">—</span>,
                },
                {
                  title: '服务',
                  key: 'switch',
                  render: (_, t) => (
                    <Switch
                      aria-label={`${t.name} 服务开关`}
                      size="small"
                      checked={!t.outOfService}
                      disabled={!can('engines.manage')}
                      onChange={() =>
                        toggle({
                          kind: 'tool',
                          id: t.id,
                          name: t.name,
                          outOfService: t.outOfService,
                        })
                      }
                    />
                  ),
                },
              ]}
            />
          </div>
        </>
      )}
      <AdminSamplesCard />
      <Modal
        open={Boolean(target)}
        title={target?.outOfService ? `恢复 ${target.name}` : `停止 ${target?.name ?? ''} 的服务`}
        okText="确认执行"
        cancelText="取消"
        okButtonProps={{ disabled: reason.trim().length < 2, danger: !target?.outOfService }}
        confirmLoading={save.isPending}
        onCancel={() => setTarget(undefined)}
        onOk={() => target && save.mutate(target)}
        destroyOnHidden
      >
        <p>
          {target?.outOfService
            ? `将恢复 ${target.name}，用户可以立即重新使用。`
            : `将停止 ${target?.name ?? ''} 的服务：用户提交时会看到下面的提示，已在排队的任务不受影响。`}
        </p>
        {!target?.outOfService ? (
          <Input
            aria-label="用户看到的提示"
            maxLength={120}
            value={message}
            placeholder="用户看到的提示，默认：该功能正在维护，请稍后再试"
            onChange={(e) => setMessage(e.target.value)}
            style={{ marginBottom: 12 }}
          />
        ) : null}
        <ReasonField value={reason} onChange={setReason} />
      </Modal>
    </div>
  );
};
