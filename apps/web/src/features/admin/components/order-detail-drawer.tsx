import type { AdminOrderDetail } from '@huijing/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Grid, Input, Modal, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { orderDetailQuery, ordersApi, ordersKeys } from '../api/orders.api';
import { useCan } from '../hooks/use-can';
import { ConsoleError } from './console-error';
import {
  buyerLabel,
  channelNames,
  grantsText,
  orderStatus,
  providerStates,
  yuan,
} from './order-labels';

/** The sentence the refund confirmation shows: who gets how much back, what is taken back. */
export const refundSentence = (d: AdminOrderDetail) => {
  const who = buyerLabel(d.order);
  const p = d.refundPreview;
  if (!p) return '';
  const taken = [
    grantsText(p.ticketsTaken) !== '—' ? `收回${grantsText(p.ticketsTaken)}` : '',
    p.vipDaysTaken > 0 ? `收回会员 ${p.vipDaysTaken} 天` : '',
  ].filter(Boolean);
  const base = `将向用户 ${who} 退款 ${yuan(p.refundFen)}${taken.length ? `，${taken.join('，')}` : ''}`;
  if (d.refundRequest) return `${base}（批准 ${d.refundRequest.requestedByName} 的退款申请）`;
  if (d.refundNeedsApproval) return `将提交退款申请：批准后${base.slice(1)}；需另一位管理员批准`;
  return base;
};

/** One order: what it grants, its ledger, what the provider says now, and refund. */
export const OrderDetailDrawer = ({
  orderNo,
  onClose,
}: {
  orderNo: string | null;
  onClose: () => void;
}) => {
  const screens = Grid.useBreakpoint();
  const can = useCan();
  const queryClient = useQueryClient();
  const query = useQuery({ ...orderDetailQuery(orderNo ?? ''), enabled: Boolean(orderNo) });
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const detail = query.data;
  const refund = useMutation({
    mutationFn: () => ordersApi.refund(orderNo!, reason.trim()),
    onSuccess: (result) => {
      notify(
        result.status === 'requested'
          ? '已提交退款申请，需另一位管理员批准'
          : result.repeated
            ? '该订单已退款，未重复退款'
            : `已退款 ${yuan(result.refundFen)}`,
        'success',
      );
      setConfirming(false);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
    },
    onError: (error: Error) => notify(error.message, 'error'),
  });
  const order = detail?.order;
  const awaiting = detail?.refundRequest && can('orders.refund');
  const refundButton =
    order?.status === 'paid' && can('orders.refund') ? (
      <Button danger onClick={() => setConfirming(true)}>
        {detail?.refundRequest ? '批准退款' : '退款'}
      </Button>
    ) : null;

  return (
    <Drawer
      open={Boolean(orderNo)}
      onClose={onClose}
      width={screens.md ? 680 : '100%'}
      title={order ? `订单 ${order.orderNo}` : '订单详情'}
      destroyOnHidden
      extra={refundButton}
    >
      <ConsoleError error={query.error} />
      {query.isPending && orderNo ? <Skeleton active /> : null}
      {detail && order ? (
        <>
          {awaiting ? (
            <Alert
              type="warning"
              showIcon
              className="hj-admin-alert"
              message={`${detail.refundRequest!.requestedByName} 于 ${formatDateTime(
                detail.refundRequest!.createdAt,
              )} 申请退款：${detail.refundRequest!.reason}`}
              description="需由另一位管理员点「批准退款」；发起人不能自己批准。"
            />
          ) : null}
          <Descriptions size="small" column={screens.md ? 2 : 1} className="hj-admin-desc">
            <Descriptions.Item label="用户">
              {buyerLabel(order)}
              <span className="hj-admin-muted">（ID {order.userId.slice(0, 8)}）</span>
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={orderStatus[order.status]?.color}>{orderStatus[order.status]?.text}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="商品">{order.title}</Descriptions.Item>
            <Descriptions.Item label="金额">{yuan(order.amountFen)}</Descriptions.Item>
            <Descriptions.Item label="权益">
              {grantsText(detail.tickets)}
              {detail.vipDays ? `，${detail.vipTier?.toUpperCase()} ${detail.vipDays} 天` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="渠道">{channelNames[order.channel]}</Descriptions.Item>
            <Descriptions.Item label="下单时间">
              {formatDateTime(order.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label="支付时间">
              {order.paidAt ? formatDateTime(order.paidAt) : '—'}
            </Descriptions.Item>
            {order.closeReason ? (
              <Descriptions.Item label="关闭原因">{order.closeReason}</Descriptions.Item>
            ) : null}
            {order.buyerRequest ? (
              <Descriptions.Item label="用户申请退款">
                {formatDateTime(order.buyerRequest.createdAt)}：{order.buyerRequest.reason}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label="平台交易号">{order.providerTradeNo ?? '—'}</Descriptions.Item>
          </Descriptions>

          <h3 className="hj-admin-subhead">支付平台实时查询</h3>
          {detail.provider.ok ? (
            <Descriptions size="small" column={screens.md ? 2 : 1} className="hj-admin-desc">
              <Descriptions.Item label="平台状态">
                <strong>
                  {providerStates[detail.provider.state ?? ''] ?? detail.provider.state}
                </strong>
              </Descriptions.Item>
              <Descriptions.Item label="平台金额">
                {detail.provider.paidFen == null ? '—' : yuan(detail.provider.paidFen)}
              </Descriptions.Item>
              <Descriptions.Item label="查询时间">
                {formatDateTime(detail.provider.checkedAt)}
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Alert type="error" showIcon message={detail.provider.error} />
          )}

          {detail.refund ? (
            <>
              <h3 className="hj-admin-subhead">退款</h3>
              <p>
                {formatDateTime(detail.refund.createdAt)} 退款 {yuan(detail.refund.refundFen)}（
                {detail.refund.reason}）。{detail.refund.note}
              </p>
            </>
          ) : null}

          <h3 className="hj-admin-subhead">次数流水</h3>
          {detail.ledger.length === 0 ? (
            <p className="hj-admin-muted">该订单没有发放或收回次数。</p>
          ) : (
            <ul className="hj-admin-list">
              {detail.ledger.map((l) => (
                <li key={`${l.createdAt}${l.reason}${l.ticketType}`}>
                  {formatDateTime(l.createdAt)} · {l.reason === 'refund' ? '退款收回' : '购买发放'}{' '}
                  <strong className={l.delta < 0 ? 'hj-admin-neg' : 'hj-admin-pos'}>
                    {l.delta > 0 ? `+${l.delta}` : l.delta}
                  </strong>
                </li>
              ))}
            </ul>
          )}
          {detail.incidents.length > 0 ? (
            <>
              <h3 className="hj-admin-subhead">支付异常</h3>
              <ul className="hj-admin-list">
                {detail.incidents.map((i) => (
                  <li key={`${i.createdAt}${i.kind}`}>
                    {formatDateTime(i.createdAt)} · <Tag color="red">{i.kind}</Tag>
                    <code>{i.detail}</code>
                  </li>
                ))}
              </ul>
            </>
          ) : null}

          <Modal
            open={confirming}
            title={detail.refundRequest ? '批准退款' : '退款'}
            okText={detail.refundNeedsApproval && !detail.refundRequest ? '提交申请' : '确认退款'}
            cancelText="返回"
            okButtonProps={{ danger: true, disabled: reason.trim().length < 2 }}
            confirmLoading={refund.isPending}
            onCancel={() => setConfirming(false)}
            onOk={() => refund.mutate()}
            destroyOnHidden
          >
            <p className="hj-admin-confirm">{refundSentence(detail)}。</p>
            {detail.refundPreview && detail.refundPreview.refundFen < order.amountFen ? (
              <p className="hj-admin-muted">{detail.refundPreview.note}</p>
            ) : null}
            <Input.TextArea
              aria-label="退款原因"
              rows={2}
              maxLength={200}
              value={reason}
              placeholder="退款原因（必填，写入审计日志）"
              onChange={(e) => setReason(e.target.value)}
            />
          </Modal>
        </>
      ) : null}
    </Drawer>
  );
};
