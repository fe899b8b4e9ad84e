import { CrownFilled, ShopOutlined } from '@ant-design/icons';
import { customPrice, formatFen, ticketTypeNames } from '@huijing/contracts';
import type { TicketGrants } from '@huijing/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { PageShell } from '../../../components/page-shell';
import { useRecharge } from '../../../components/recharge.store';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../../components/use-session';
import { notify } from '../../../lib/notify';
import { productsQuery, sendEnterpriseLead } from '../api/commerce.api';
import { ActivityBanner } from '../components/activity-banner';
import { OrderHistory } from '../components/order-history';
import { ProductCard } from '../components/product-card';
import { VipPerks } from '../components/vip-perks';
import '../commerce.css';

const types = ['1', '2', '3', '4'] as const;
const steps: Record<(typeof types)[number], number[]> = {
  '1': [100, 500, 1000],
  '2': [100, 300],
  '3': [300, 1000],
  '4': [10, 50],
};

type Lead = { company: string; contact: string; phone: string; seats?: number; note?: string };

const EnterpriseForm = () => {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  if (sent) return <Alert type="success" showIcon message={t('commerce.dingzhi.sent')} />;
  return (
    <Form<Lead>
      layout="vertical"
      className="hj-lead"
      onFinish={async (values) => {
        setBusy(true);
        try {
          if (await sendEnterpriseLead(values)) {
            setSent(true);
            notify(t('commerce.dingzhi.sent'), 'success');
          }
        } finally {
          setBusy(false);
        }
      }}
    >
      <div className="hj-lead__grid">
        <Form.Item
          name="company"
          label={t('commerce.dingzhi.company')}
          rules={[{ required: true, message: '请填写公司名称' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="contact"
          label={t('commerce.dingzhi.contact')}
          rules={[{ required: true, message: '请填写联系人' }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('commerce.dingzhi.phone')}
          rules={[
            { required: true, pattern: /^[0-9+\- ]{6,20}$/, message: '请填写正确的联系电话' },
          ]}
        >
          <Input inputMode="tel" maxLength={20} />
        </Form.Item>
        <Form.Item name="seats" label={t('commerce.dingzhi.seats')}>
          <InputNumber min={1} max={100000} style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <Form.Item name="note" label={t('commerce.dingzhi.note')}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('commerce.dingzhi.submit')}
      </Button>
    </Form>
  );
};

/** /dingzhi: custom quantities with a tiered price, the VIP plans and perks, the activity. */
export const DingzhiPage = () => {
  const { t } = useTranslation();
  usePageTitle(t('commerce.dingzhi.title'));
  const products = useQuery(productsQuery());
  const openRecharge = useRecharge((s) => s.openRecharge);
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const { signedIn } = useCurrentUser();
  const [picked, setPicked] = useState<TicketGrants>({ '1': 500 });
  const list = products.data ?? [];
  const customProduct = list.find((p) => p.kind === 'custom');
  const pricing = customProduct?.custom;
  const plans = list.filter((p) => p.kind === 'vip');
  const price = pricing ? customPrice(pricing, picked) : undefined;
  const tooLarge = pricing && price ? price.listFen > pricing.maxFen : false;
  const empty = !Object.values(picked).some((n) => (n ?? 0) > 0);

  const buy = (intent: Parameters<typeof openRecharge>[0]) => {
    if (!signedIn) {
      openLogin({ returnTo: '/dingzhi' });
      return;
    }
    openRecharge(intent);
  };

  return (
    <PageShell className="hj-dingzhi">
      <section className="hj-dingzhi__hero">
        <h1>
          <ShopOutlined /> {t('commerce.dingzhi.title')}
        </h1>
        <p>{t('commerce.dingzhi.lead')}</p>
      </section>
      <ActivityBanner
        product={list.find((p) => p.kind === 'activity')}
        onBuy={(productId) => buy({ productId })}
      />
      {products.isPending || !pricing || !price ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <section className="hj-builder" aria-label={t('commerce.dingzhi.title')}>
          <div className="hj-builder__rows">
            {types
              .filter((type) => pricing.unitFen[type] !== undefined)
              .map((type) => (
                <div className="hj-builder__row" key={type} data-ticket-type={type}>
                  <div className="hj-builder__label">
                    <strong>{ticketTypeNames[Number(type) as 1 | 2 | 3 | 4]['zh-CN']}</strong>
                    <span>
                      {t('commerce.dingzhi.perUnit', { price: formatFen(pricing.unitFen[type]!) })}
                    </span>
                  </div>
                  <div className="hj-builder__input">
                    <InputNumber
                      min={0}
                      max={pricing.maxPerType}
                      step={10}
                      value={picked[type] ?? 0}
                      aria-label={ticketTypeNames[Number(type) as 1 | 2 | 3 | 4]['zh-CN']}
                      onChange={(v) =>
                        setPicked((p) => ({
                          ...p,
                          [type]: Math.max(0, Math.floor(Number(v ?? 0))),
                        }))
                      }
                    />
                    {steps[type].map((n) => (
                      <Button
                        key={n}
                        size="small"
                        onClick={() => setPicked((p) => ({ ...p, [type]: n }))}
                      >
                        {n}
                      </Button>
                    ))}
                  </div>
                </div>
              ))}
          </div>
          <aside className="hj-builder__sum">
            <div>
              <span>{t('commerce.dingzhi.list')}</span>
              <s>¥{formatFen(price.listFen)}</s>
            </div>
            {price.percent < 100 ? (
              <div className="hj-builder__off">
                {t('commerce.dingzhi.discount', { percent: price.percent / 10 })}
              </div>
            ) : null}
            <div className="hj-builder__total">
              <span>{t('commerce.dingzhi.total')}</span>
              <strong>¥{formatFen(price.priceFen)}</strong>
            </div>
            <ul className="hj-builder__tiers">
              {pricing.tiers.map((tier) => (
                <li key={tier.minFen} className={price.listFen >= tier.minFen ? 'is-on' : ''}>
                  {t('commerce.dingzhi.tiers', {
                    min: tier.minFen / 100,
                    percent: tier.percent / 10,
                  })}
                </li>
              ))}
            </ul>
            <Button
              type="primary"
              size="large"
              block
              disabled={empty || tooLarge}
              onClick={() => buy({ productId: customProduct!.id, quantities: picked })}
            >
              {t('commerce.dingzhi.buy')}
            </Button>
          </aside>
          {tooLarge ? (
            <div className="hj-builder__enterprise">
              <Alert
                type="info"
                showIcon
                message={t('commerce.dingzhi.tooLarge', { max: pricing.maxFen / 100 })}
              />
              <EnterpriseForm />
            </div>
          ) : null}
        </section>
      )}
      <section className="hj-dingzhi__vip">
        <h2>
          <CrownFilled /> {t('commerce.recharge.tabVip')}
        </h2>
        <div className="hj-plans">
          {plans.map((p) => (
            <ProductCard
              key={p.id}
              product={p}
              selected={false}
              onSelect={() => buy({ tab: 'vip', productId: p.id })}
            />
          ))}
        </div>
        <VipPerks plans={plans} />
      </section>
      {signedIn ? (
        <section className="hj-dingzhi__orders">
          <h2>{t('commerce.recharge.tabOrders')}</h2>
          <OrderHistory />
        </section>
      ) : null}
      {tooLarge ? null : (
        <section className="hj-dingzhi__enterprise">
          <h2>{t('commerce.dingzhi.enterprise')}</h2>
          <EnterpriseForm />
        </section>
      )}
    </PageShell>
  );
};
