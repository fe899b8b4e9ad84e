import { formatFen } from '@huijing/contracts';
import type { OrderItem } from '@huijing/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Modal, Pagination, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecharge } from '../../../components/recharge.store';
import { notify } from '../../../lib/notify';
import { ordersQuery, requestRefund } from '../api/commerce.api';
import { PayPanel } from './pay-panel';
import { AutoTextArea } from '../../../components/auto-text-area';

const statusColor = {
  pending: 'gold',
  paid: 'green',
  closed: 'default',
  refunded: 'purple',
} as const;

const when = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/** A pending order whose QR time is up reads as closed (the server closes it on its next pass). */
const shownStatus = (o: OrderItem) =>
  o.status === 'pending' && !o.payUrl ? 'closed' : (o.status as keyof typeof statusColor);

/** 继续支付: the order's own QR again, with its remaining time. */
const ResumePay = ({ order, onClose }: { order: OrderItem; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Modal
      open
      centered
      width={640}
      title={t('commerce.orders.resume')}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      className="hj-recharge"
    >
      <PayPanel
        order={{
          orderNo: order.orderNo,
          payUrl: order.payUrl!,
          amountFen: order.amountFen,
          expiresAt: order.expiresAt,
          sandbox: order.channel === 'sandbox',
        }}
        channel={order.scanWith ?? (order.channel === 'alipay' ? 'alipay' : 'wechat')}
        title={order.title}
        onRestart={onClose}
        onDone={onClose}
      />
    </Modal>
  );
};

/** 申请退款: a reason, then an admin decides (the refund policy in docs/payments.md). */
const RefundRequest = ({ order, onClose }: { order: OrderItem; onClose: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      const done = await requestRefund(order.orderNo, reason);
      if (done) {
        notify(done.message, 'success');
        void queryClient.invalidateQueries({ queryKey: ['commerce', 'orders'] });
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      centered
      title={t('commerce.orders.refundTitle')}
      okText={t('commerce.orders.refundSend')}
      okButtonProps={{ disabled: reason.trim() === '', loading: busy }}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="hj-orders__refund-what">
        {order.title} · ¥{formatFen(order.amountFen)}
      </p>
      <AutoTextArea
        aria-label={t('commerce.orders.refundReason')}
        placeholder={t('commerce.orders.refundReason')}
        value={reason}
        maxLength={200}
        showCount
        minRows={3}
        maxRows={6}
        onChange={(e) => setReason(e.target.value)}
      />
      <p className="hj-orders__refund-policy">{t('commerce.orders.refundPolicy')}</p>
    </Modal>
  );
};

/**
 * The signed-in user's orders, newest first (GET /api/order/page): status, amount in yuan,
 * channel and time; 继续支付 while a pending order's QR is still valid; 申请退款 while the rules
 * allow it (paid within 7 days, not asked yet) and the refund's state after.
 */
export const OrderHistory = () => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [resume, setResume] = useState<OrderItem>();
  const [refund, setRefund] = useState<OrderItem>();
  const openRecharge = useRecharge((s) => s.openRecharge);
  const queryClient = useQueryClient();
  const orders = useQuery(ordersQuery(page));
  if (orders.isPending) {
    return (
      <div className="hj-orders" aria-busy="true">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  }
  const list = orders.data?.list ?? [];
  if (list.length === 0) {
    return (
      <Empty className="hj-orders__empty" description={t('commerce.orders.empty')}>
        <Button type="primary" onClick={() => openRecharge()}>
          {t('commerce.orders.goBuy')}
        </Button>
      </Empty>
    );
  }
  return (
    <div className="hj-orders">
      <ul>
        {list.map((o) => {
          const status = shownStatus(o);
          return (
            <li key={o.orderNo} className="hj-orders__row" data-order-no={o.orderNo}>
              <div className="hj-orders__what">
                <strong>{o.title}</strong>
                <span>
                  {t('commerce.orders.orderNo')} {o.orderNo}
                </span>
                <span>
                  {t(`commerce.orders.channel.${o.channel}`)} · {when(o.createdAt)}
                </span>
                {o.paidAt ? (
                  <span>{t('commerce.orders.paidAt', { time: when(o.paidAt) })}</span>
                ) : null}
                {o.refundedAt ? (
                  <span>{t('commerce.orders.refundedAt', { time: when(o.refundedAt) })}</span>
                ) : null}
              </div>
              <div className="hj-orders__money">
                <strong>¥{formatFen(o.amountFen)}</strong>
                <span className="hj-orders__tags">
                  <Tag color={statusColor[status]}>{t(`commerce.orders.status.${status}`)}</Tag>
                  {o.refundRequestedAt && o.status === 'paid' ? (
                    <Tag color="processing">{t('commerce.orders.refundAsked')}</Tag>
                  ) : null}
                </span>
                {o.payUrl ? (
                  <Button
                    type="primary"
                    size="small"
                    onClick={() =>
                      // An H5 order goes back to the provider's page; a QR order shows its QR.
                      o.payMode === 'h5' ? window.location.assign(o.payUrl!) : setResume(o)
                    }
                  >
                    {t('commerce.orders.resume')}
                  </Button>
                ) : null}
                {o.refundable ? (
                  <Button size="small" onClick={() => setRefund(o)}>
                    {t('commerce.orders.refund')}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {(orders.data?.total ?? 0) > 10 ? (
        <Pagination
          size="small"
          current={page}
          total={orders.data?.total}
          pageSize={10}
          onChange={setPage}
          showSizeChanger={false}
        />
      ) : null}
      {resume ? (
        <ResumePay
          order={resume}
          onClose={() => {
            setResume(undefined);
            void queryClient.invalidateQueries({ queryKey: ['commerce', 'orders'] });
          }}
        />
      ) : null}
      {refund ? <RefundRequest order={refund} onClose={() => setRefund(undefined)} /> : null}
    </div>
  );
};
