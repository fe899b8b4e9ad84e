import type { ReconcileItem } from '@huijing/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Input, Modal, Space, Table, Tag, type TableProps } from 'antd';
import dayjs from '../../../lib/dayjs-zh';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { ordersApi, ordersKeys, reconcileQuery } from '../api/orders.api';
import { ConsoleError } from './console-error';
import { buyerLabel, channelNames, orderStatus, providerStates, yuan } from './order-labels';

const kinds: Record<ReconcileItem['kind'], { text: string; color: string; hint: string }> = {
  paid_not_credited: {
    text: '已付款未入账',
    color: 'red',
    hint: '支付平台显示已付款，本地未发放权益：核对后一键补单',
  },
  credited_not_paid: {
    text: '已入账未付款',
    color: 'volcano',
    hint: '本地已发放权益，支付平台未显示付款：请人工核对',
  },
  query_failed: { text: '查询失败', color: 'default', hint: '支付平台暂时无法查询，请稍后重试' },
};

/** /admin/reconcile: local orders against provider queries, with one-click settlement. */
export const AdminReconcilePage = () => {
  usePageTitle('对账');
  const [params, setParams] = useSearchParams();
  const range = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const query = useQuery(reconcileQuery(range));
  const queryClient = useQueryClient();
  const [settling, setSettling] = useState<ReconcileItem>();
  const [reason, setReason] = useState('');
  const settle = useMutation({
    mutationFn: (item: ReconcileItem) => ordersApi.settle(item.order.orderNo, reason.trim()),
    onSuccess: (result) => {
      notify(
        result.outcome === 'settled' ? '已补单，权益已发放' : '该订单已入账，未重复发放',
        'success',
      );
      setSettling(undefined);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
    },
    onError: (error: Error) => notify(error.message, 'error'),
  });

  const columns: TableProps<ReconcileItem>['columns'] = [
    {
      title: '差异',
      key: 'kind',
      render: (_, i) => <Tag color={kinds[i.kind].color}>{kinds[i.kind].text}</Tag>,
    },
    { title: '订单号', key: 'no', render: (_, i) => <code>{i.order.orderNo}</code> },
    { title: '用户', key: 'user', render: (_, i) => buyerLabel(i.order) },
    { title: '金额', key: 'amount', align: 'right', render: (_, i) => yuan(i.order.amountFen) },
    {
      title: '本地状态',
      key: 'local',
      render: (_, i) => orderStatus[i.order.status]?.text ?? i.order.status,
    },
    {
      title: '平台状态',
      key: 'provider',
      render: (_, i) =>
        i.provider.ok
          ? `${providerStates[i.provider.state ?? ''] ?? i.provider.state}${
              i.provider.paidFen != null ? ` ${yuan(i.provider.paidFen)}` : ''
            }`
          : i.provider.error,
    },
    {
      title: '渠道',
      key: 'channel',
      responsive: ['md'],
      render: (_, i) => channelNames[i.order.channel],
    },
    {
      title: '下单时间',
      key: 'at',
      responsive: ['lg'],
      render: (_, i) => formatDateTime(i.order.createdAt),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, i) =>
        i.kind === 'paid_not_credited' ? (
          <Button type="link" size="small" onClick={() => setSettling(i)}>
            补单
          </Button>
        ) : null,
    },
  ];
  const data = query.data;

  return (
    <div className="hj-admin-card">
      <div className="hj-admin-card__head">
        <div>
          <h1>对账</h1>
          <p className="hj-admin-muted">
            逐笔向支付平台查询所选日期内的订单，列出「已付款未入账」与「已入账未付款」。
          </p>
        </div>
        <Space wrap>
          <DatePicker.RangePicker
            aria-label="对账日期"
            value={range.from && range.to ? [dayjs(range.from), dayjs(range.to)] : null}
            onChange={(r) =>
              setParams((prev) => {
                const next = new URLSearchParams(prev);
                for (const [k, v] of [
                  ['from', r?.[0]?.format('YYYY-MM-DD')],
                  ['to', r?.[1]?.format('YYYY-MM-DD')],
                ] as const) {
                  if (v) next.set(k, v);
                  else next.delete(k);
                }
                return next;
              })
            }
          />
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            重新对账
          </Button>
        </Space>
      </div>
      <ConsoleError error={query.error} />
      {data ? (
        <Alert
          className="hj-admin-alert"
          type={data.items.length ? 'warning' : 'success'}
          showIcon
          message={`${data.from} 至 ${data.to}：查询 ${data.checked} 笔订单，${
            data.items.length ? `发现 ${data.items.length} 笔差异` : '没有差异'
          }${data.truncated ? '（订单过多，只查询了最早的一部分，请缩小日期范围）' : ''}`}
        />
      ) : null}
      <Table<ReconcileItem>
        rowKey={(i) => i.order.orderNo}
        size="middle"
        columns={columns}
        dataSource={data?.items ?? []}
        loading={query.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '没有差异' }}
        pagination={false}
      />
      {data && data.incidents.length > 0 ? (
        <>
          <h3 className="hj-admin-subhead">支付异常记录</h3>
          <ul className="hj-admin-list">
            {data.incidents.map((i) => (
              <li key={`${i.createdAt}${i.kind}${i.orderNo ?? ''}`}>
                {formatDateTime(i.createdAt)} · <Tag color="red">{i.kind}</Tag>
                {i.orderNo ? <code>{i.orderNo}</code> : null}
                <code>{i.detail}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Modal
        open={Boolean(settling)}
        title="补单"
        okText="确认补单"
        cancelText="返回"
        okButtonProps={{ disabled: reason.trim().length < 2 }}
        confirmLoading={settle.isPending}
        onCancel={() => setSettling(undefined)}
        onOk={() => settling && settle.mutate(settling)}
        destroyOnHidden
      >
        {settling ? (
          <p className="hj-admin-confirm">
            将再次向{channelNames[settling.order.channel]}查询订单 {settling.order.orderNo}
            ，确认已付款 {yuan(settling.order.amountFen)} 后，为用户 {buyerLabel(settling.order)}{' '}
            发放「{settling.order.title}」（只发放一次）。
          </p>
        ) : null}
        <p className="hj-admin-muted">{settling ? kinds[settling.kind].hint : ''}</p>
        <Input.TextArea
          aria-label="补单原因"
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
