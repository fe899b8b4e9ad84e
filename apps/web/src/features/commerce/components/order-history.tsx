import { formatFen } from '@huijing/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Pagination, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ordersQuery } from '../api/commerce.api';

const statusColor = {
  pending: 'gold',
  paid: 'green',
  closed: 'default',
  refunded: 'purple',
} as const;

/** The signed-in user's orders, newest first (GET /api/order/page). */
export const OrderHistory = () => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const orders = useQuery(ordersQuery(page));
  if (orders.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  const list = orders.data?.list ?? [];
  if (list.length === 0) return <Empty description={t('commerce.orders.empty')} />;
  return (
    <div className="hj-orders">
      <ul>
        {list.map((o) => (
          <li key={o.orderNo} className="hj-orders__row" data-order-no={o.orderNo}>
            <div className="hj-orders__what">
              <strong>{o.title}</strong>
              <span>
                {t('commerce.orders.orderNo')} {o.orderNo}
              </span>
              <span>
                {t(`commerce.orders.channel.${o.channel}`)} ·{' '}
                {new Date(o.createdAt).toLocaleString('zh-CN', { hour12: false })}
              </span>
            </div>
            <div className="hj-orders__money">
              <strong>¥{formatFen(o.amountFen)}</strong>
              <Tag color={statusColor[o.status]}>{t(`commerce.orders.status.${o.status}`)}</Tag>
            </div>
          </li>
        ))}
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
    </div>
  );
};
