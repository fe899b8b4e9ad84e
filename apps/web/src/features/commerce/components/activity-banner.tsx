import { FireFilled } from '@ant-design/icons';
import { formatFen } from '@huijing/contracts';
import type { Product } from '@huijing/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activityQuery } from '../api/commerce.api';
import { grantsText } from './product-card';

/** The 250513 limited offer with its live stock (refreshed every 15 s while shown). */
export const ActivityBanner = ({
  product,
  onBuy,
}: {
  product: Product | undefined;
  onBuy: (productId: string) => void;
}) => {
  const { t } = useTranslation();
  const stock = useQuery(activityQuery());
  const [now] = useState(() => Date.now());
  if (!product || !stock.data?.productId) return null;
  const ended = stock.data.endsAt !== null && Date.parse(stock.data.endsAt) <= now;
  if (ended) return null;
  const left = stock.data.stock;
  return (
    <div className="hj-activity" role="region" aria-label={t('commerce.activity.title')}>
      <FireFilled className="hj-activity__icon" />
      <div className="hj-activity__body">
        <strong>{product.name}</strong>
        <span>
          {grantsText(product.tickets)} · ¥{formatFen(product.priceFen)}
          {product.originalPriceFen ? <s> ¥{formatFen(product.originalPriceFen)}</s> : null}
        </span>
      </div>
      <div className="hj-activity__stock" data-stock={left}>
        {left > 0 ? t('commerce.activity.left', { stock: left }) : t('commerce.activity.soldOut')}
        {stock.data.endsAt ? (
          <small>
            {t('commerce.activity.ends', {
              date: new Date(stock.data.endsAt).toLocaleDateString('zh-CN'),
            })}
          </small>
        ) : null}
      </div>
      <Button type="primary" danger disabled={left <= 0} onClick={() => onBuy(product.id)}>
        {t('commerce.activity.buy')}
      </Button>
    </div>
  );
};
