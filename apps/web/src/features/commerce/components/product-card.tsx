import { CrownFilled, FireFilled } from '@ant-design/icons';
import { formatFen, ticketTypeNames } from '@huijing/contracts';
import type { Product, TicketGrants } from '@huijing/contracts';
import { useTranslation } from 'react-i18next';

export const grantsText = (grants: TicketGrants | undefined) =>
  Object.entries(grants ?? {})
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([type, n]) => `${ticketTypeNames[Number(type) as 1 | 2 | 3 | 4]['zh-CN']} ×${n}`)
    .join(' + ');

/** A selectable plan: price, list price, what it grants, days, stock. */
export const ProductCard = ({
  product,
  selected,
  onSelect,
}: {
  product: Product;
  selected: boolean;
  onSelect: () => void;
}) => {
  const { t } = useTranslation();
  const soldOut = product.stock !== undefined && product.stock <= 0;
  return (
    <button
      type="button"
      className={`hj-plan${selected ? ' is-selected' : ''}${soldOut ? ' is-soldout' : ''}`}
      aria-pressed={selected}
      disabled={soldOut}
      data-product-id={product.id}
      onClick={onSelect}
    >
      {product.kind === 'activity' ? (
        <span className="hj-plan__ribbon">
          <FireFilled /> {t('commerce.activity.title')}
        </span>
      ) : null}
      {product.vipTier ? (
        <span className={`hj-plan__tier hj-plan__tier--${product.vipTier}`}>
          <CrownFilled /> {product.vipTier.toUpperCase()}
        </span>
      ) : null}
      <strong className="hj-plan__name">{product.name}</strong>
      <span className="hj-plan__price">
        <small>¥</small>
        {formatFen(product.priceFen)}
      </span>
      {product.originalPriceFen ? (
        <s className="hj-plan__was">
          {t('commerce.product.original', { amount: formatFen(product.originalPriceFen) })}
        </s>
      ) : null}
      <span className="hj-plan__grants">
        {product.vipDays ? `${t('commerce.product.days', { days: product.vipDays })} · ` : ''}
        {grantsText(product.tickets)}
      </span>
      <span className="hj-plan__desc">{product.description}</span>
      {product.stock !== undefined ? (
        <span className="hj-plan__stock">
          {soldOut
            ? t('commerce.product.soldOut')
            : t('commerce.product.stock', { stock: product.stock })}
        </span>
      ) : null}
    </button>
  );
};
