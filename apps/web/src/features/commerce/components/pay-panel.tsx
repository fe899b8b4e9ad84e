import { CheckCircleFilled, ClockCircleOutlined, ExperimentOutlined } from '@ant-design/icons';
import { formatFen } from '@huijing/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Spin, Tag } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { completeOrder, orderStatusQuery, sandboxPay } from '../api/commerce.api';
import type { PlacedOrder } from '../api/commerce.api';

const mmss = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/** Seconds left until the order's expiry, ticking once a second. */
const useCountdown = (expiresAt: string) => {
  const [left, setLeft] = useState(() => Date.parse(expiresAt) - Date.now());
  useEffect(() => {
    const id = setInterval(() => setLeft(Date.parse(expiresAt) - Date.now()), 1000);
    return () => clearInterval(id);
  }, [expiresAt]);
  return left;
};

/**
 * One placed order: the QR with its countdown, checkOrder polling every 2 s, 我已支付 asking the
 * provider now, the sandbox's 模拟支付成功, and the success and expired states. Success refreshes
 * every session query (ticket counters, VIP) so the header updates without a reload.
 */
export const PayPanel = ({
  order,
  channel,
  title,
  onRestart,
  onDone,
}: {
  order: PlacedOrder;
  channel: 'wechat' | 'alipay';
  title: string;
  onRestart: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [qr, setQr] = useState<string>();
  const [busy, setBusy] = useState(false);
  const left = useCountdown(order.expiresAt);
  const timeUp = left <= 0;
  const status = useQuery(orderStatusQuery(order.orderNo, !timeUp));
  const state = status.data?.status ?? 'pending';
  const paid = state === 'paid' || state === 'refunded';
  const expired = !paid && (state === 'closed' || timeUp);
  const settled = useRef(false);

  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(order.payUrl, { margin: 1, width: 440, errorCorrectionLevel: 'M' }).then(
      (url) => live && setQr(url),
    );
    return () => {
      live = false;
    };
  }, [order.payUrl]);

  useEffect(() => {
    if (!paid || settled.current) return;
    settled.current = true;
    void queryClient.invalidateQueries({ queryKey: ['session'] });
    void queryClient.invalidateQueries({ queryKey: ['commerce'] });
  }, [paid, queryClient]);

  const refresh = (next: Awaited<ReturnType<typeof completeOrder>>) => {
    if (next) queryClient.setQueryData(orderStatusQuery(order.orderNo, false).queryKey, next);
    return next;
  };

  const iPaid = async () => {
    setBusy(true);
    try {
      const next = refresh(await completeOrder(order.orderNo));
      if (next?.status === 'pending') notify(t('commerce.pay.notYet'), 'info');
    } finally {
      setBusy(false);
    }
  };

  const simulate = async () => {
    setBusy(true);
    try {
      refresh(await sandboxPay(order.orderNo));
    } finally {
      setBusy(false);
    }
  };

  if (paid) {
    return (
      <Result
        className="hj-pay__result"
        status="success"
        icon={<CheckCircleFilled />}
        title={t('commerce.pay.success')}
        subTitle={t('commerce.pay.successHint', { title })}
        extra={
          <Button type="primary" size="large" autoInsertSpace={false} onClick={onDone}>
            {t('commerce.pay.done')}
          </Button>
        }
      />
    );
  }
  if (expired) {
    return (
      <Result
        className="hj-pay__result"
        status="warning"
        icon={<ClockCircleOutlined />}
        title={t('commerce.pay.expired')}
        subTitle={t('commerce.pay.expiredHint')}
        extra={
          <Button type="primary" size="large" onClick={onRestart}>
            {t('commerce.pay.regenerate')}
          </Button>
        }
      />
    );
  }
  return (
    <div className="hj-pay" data-order-no={order.orderNo}>
      <div className={`hj-pay__qr hj-pay__qr--${channel}`}>
        {qr ? <img src={qr} alt={order.payUrl} width={220} height={220} /> : <Spin />}
      </div>
      <div className="hj-pay__side">
        <div className="hj-pay__amount">
          {t('commerce.pay.amount', { amount: formatFen(order.amountFen) })}
        </div>
        <div className="hj-pay__title">{title}</div>
        <p className="hj-pay__scan">
          {channel === 'wechat' ? t('commerce.pay.scanWechat') : t('commerce.pay.scanAlipay')}
        </p>
        <p className="hj-pay__countdown" role="timer" aria-live="off">
          <ClockCircleOutlined /> {t('commerce.pay.expiresIn', { time: mmss(left) })}
        </p>
        {order.sandbox ? (
          <div className="hj-pay__sandbox">
            <Tag color="orange" icon={<ExperimentOutlined />}>
              {t('commerce.pay.sandbox')}
            </Tag>
            <Button type="primary" danger loading={busy} onClick={() => void simulate()}>
              {t('commerce.pay.simulate')}
            </Button>
          </div>
        ) : null}
        <Button size="large" block loading={busy} onClick={() => void iPaid()}>
          {t('commerce.pay.paid')}
        </Button>
        <p className="hj-pay__phone">{t('commerce.pay.phoneHint')}</p>
      </div>
    </div>
  );
};
