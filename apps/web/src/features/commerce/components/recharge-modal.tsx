import { AlipayCircleFilled, ArrowLeftOutlined, WechatFilled } from '@ant-design/icons';
import { customPrice, formatFen } from '@huijing/contracts';
import type { Product, TicketGrants } from '@huijing/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Radio, Skeleton, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { useRecharge } from '../../../components/recharge.store';
import type { RechargeIntent, RechargeTab } from '../../../components/recharge.store';
import { useCurrentUser } from '../../../components/use-session';
import {
  channelsQuery,
  paysInBrowser,
  placeH5Order,
  placeOrder,
  productsQuery,
} from '../api/commerce.api';
import type { PlacedOrder } from '../api/commerce.api';
import { ActivityBanner } from './activity-banner';
import { OrderHistory } from './order-history';
import { PayPanel } from './pay-panel';
import { grantsText, ProductCard } from './product-card';
import { VipPerks } from './vip-perks';
import '../commerce.css';

type Channel = 'wechat' | 'alipay';

/**
 * The recharge modal (spec §2 modals): plans, 微信/支付宝, then the QR with its countdown and
 * polling until paid or expired. Opened through components/recharge.store from the ticket
 * counter, the account menu, every 次数不足 answer and /dingzhi.
 */
export const RechargeModal = () => {
  const { t } = useTranslation();
  const { open, seq, intent, closeRecharge } = useRecharge();
  const { user, loading } = useCurrentUser();
  const openLogin = useAccountDialogs((s) => s.openLogin);

  // Buying needs an account: a visitor is asked to sign in instead.
  useEffect(() => {
    if (open && !user && !loading) {
      closeRecharge();
      openLogin();
    }
  }, [open, user, loading, closeRecharge, openLogin]);

  return (
    <Modal
      open={open}
      onCancel={closeRecharge}
      footer={null}
      width={920}
      destroyOnHidden
      className="hj-recharge"
      title={t('commerce.recharge.title')}
    >
      {/* Every open starts over from what the opener asked for. */}
      <RechargeBody key={seq} intent={intent} onClose={closeRecharge} />
    </Modal>
  );
};

const RechargeBody = ({ intent, onClose }: { intent: RechargeIntent; onClose: () => void }) => {
  const { t } = useTranslation();
  const products = useQuery(productsQuery());
  const channels = useQuery(channelsQuery());
  const [tab, setTab] = useState<RechargeTab>(intent.tab ?? 'tickets');
  const [selected, setSelected] = useState<string | undefined>(intent.productId);
  const [quantities, setQuantities] = useState<TicketGrants | undefined>(intent.quantities);
  const [picked, setChannel] = useState<Channel>('wechat');
  const [order, setOrder] = useState<PlacedOrder>();
  const [placing, setPlacing] = useState(false);

  const offered = useMemo(() => {
    const c = channels.data;
    return (['wechat', 'alipay'] as const).filter((ch) => c && c[ch] !== 'off');
  }, [channels.data]);
  const channel: Channel = offered.includes(picked) ? picked : (offered[0] ?? picked);

  const list = products.data ?? [];
  const byKind = (kinds: Product['kind'][]) => list.filter((p) => kinds.includes(p.kind));
  const packs = byKind(['activity', 'tickets']);
  const plans = byKind(['vip']);
  const product = list.find((p) => p.id === selected);
  const custom = product?.kind === 'custom' && product.custom && quantities;
  const priceFen = custom ? customPrice(product.custom!, quantities).priceFen : product?.priceFen;
  const title = custom
    ? `${t('commerce.recharge.custom')}：${grantsText(quantities)}`
    : (product?.name ?? '');

  const pay = async () => {
    if (!product) return;
    setPlacing(true);
    try {
      if (paysInBrowser(channels.data, channel)) {
        // On a phone: the provider's H5 page, then back to the order history.
        const url = await placeH5Order(channel, product.id, custom ? quantities : undefined);
        if (url) window.location.assign(url);
        return;
      }
      const placed = await placeOrder(channel, product.id, custom ? quantities : undefined);
      if (placed) setOrder(placed);
    } finally {
      setPlacing(false);
    }
  };

  const cards = (items: Product[]) =>
    products.isPending ? (
      <Skeleton active paragraph={{ rows: 4 }} />
    ) : (
      <div className="hj-plans">
        {items.map((p) => (
          <ProductCard
            key={p.id}
            product={p}
            selected={p.id === selected}
            onSelect={() => {
              setSelected(p.id);
              setQuantities(undefined);
            }}
          />
        ))}
      </div>
    );

  const checkout =
    tab === 'orders' ? null : (
      <div className="hj-checkout">
        {offered.length === 0 && channels.data ? (
          <Alert type="warning" showIcon message={t('commerce.recharge.noChannel')} />
        ) : (
          <Radio.Group
            className="hj-checkout__channels"
            value={channel}
            onChange={(e) => setChannel(e.target.value as Channel)}
            optionType="button"
            buttonStyle="solid"
            aria-label={t('commerce.recharge.channel')}
          >
            {offered.includes('wechat') ? (
              <Radio.Button value="wechat">
                <WechatFilled className="hj-ch--wechat" /> {t('commerce.recharge.wechat')}
              </Radio.Button>
            ) : null}
            {offered.includes('alipay') ? (
              <Radio.Button value="alipay">
                <AlipayCircleFilled className="hj-ch--alipay" /> {t('commerce.recharge.alipay')}
              </Radio.Button>
            ) : null}
          </Radio.Group>
        )}
        <div className="hj-checkout__total">
          <span>{t('commerce.recharge.payable')}</span>
          <strong>¥{priceFen !== undefined ? formatFen(priceFen) : '—'}</strong>
        </div>
        <Button
          type="primary"
          size="large"
          disabled={!product || offered.length === 0}
          loading={placing}
          onClick={() => void pay()}
        >
          {product ? t('commerce.recharge.pay') : t('commerce.recharge.pick')}
        </Button>
      </div>
    );

  return (
    <>
      {order ? (
        <div className="hj-recharge__pay">
          <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => setOrder(undefined)}>
            {t('commerce.recharge.back')}
          </Button>
          <PayPanel
            key={order.orderNo}
            order={order}
            channel={channel}
            title={title}
            onRestart={() => void pay()}
            onDone={onClose}
          />
        </div>
      ) : (
        <>
          {intent.reason ? (
            <Alert
              className="hj-recharge__short"
              type="warning"
              showIcon
              message={t(
                intent.reason === 'vip-required'
                  ? 'commerce.recharge.vipRequired'
                  : 'commerce.recharge.short',
              )}
            />
          ) : null}
          {custom ? (
            <div className="hj-recharge__custom">
              <strong>{title}</strong>
            </div>
          ) : (
            <>
              <ActivityBanner
                product={list.find((p) => p.kind === 'activity')}
                onBuy={(id) => {
                  setTab('tickets');
                  setSelected(id);
                }}
              />
              <Tabs
                activeKey={tab}
                onChange={(k) => setTab(k as RechargeTab)}
                items={[
                  {
                    key: 'tickets',
                    label: t('commerce.recharge.tabTickets'),
                    children: cards(packs),
                  },
                  {
                    key: 'vip',
                    label: t('commerce.recharge.tabVip'),
                    children: (
                      <>
                        {cards(plans)}
                        <VipPerks plans={plans} />
                      </>
                    ),
                  },
                  {
                    key: 'orders',
                    label: t('commerce.recharge.tabOrders'),
                    children: <OrderHistory />,
                  },
                ]}
              />
            </>
          )}
          {checkout}
        </>
      )}
    </>
  );
};
