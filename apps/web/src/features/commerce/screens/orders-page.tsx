import { LoginOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Tabs } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { PageShell } from '../../../components/page-shell';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../../components/use-session';
import { notify } from '../../../lib/notify';
import { completeOrder } from '../api/commerce.api';
import { OrderHistory } from '../components/order-history';
import '../commerce.css';

/**
 * Back from an H5 payment (?orderNo=…): asks the provider now (我已支付) instead of waiting for
 * the notify, then refreshes the list and the ticket counters, and drops the parameter.
 */
const useReturnFromH5 = (signedIn: boolean) => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const orderNo = params.get('orderNo');
  const asked = useRef<string>(undefined);
  useEffect(() => {
    if (!orderNo || !signedIn || asked.current === orderNo) return;
    asked.current = orderNo;
    void completeOrder(orderNo).then((done) => {
      if (done?.status === 'paid') notify(t('commerce.pay.success'), 'success');
      else if (done?.status === 'pending') notify(t('commerce.pay.notYet'), 'info');
      void queryClient.invalidateQueries({ queryKey: ['commerce'] });
      void queryClient.invalidateQueries({ queryKey: ['session'] });
      setParams({}, { replace: true });
    });
  }, [orderNo, signedIn, queryClient, setParams, t]);
};

/**
 * /personalCenter: the personal center's 我的订单 (the account menu's 我的订单 lands here). The
 * other tabs are the community's own pages (/casemineByCreate, /casemineByCollect).
 */
export const OrdersPage = () => {
  const { t } = useTranslation();
  usePageTitle(t('commerce.center.orders'));
  const navigate = useNavigate();
  const { signedIn, loading } = useCurrentUser();
  useReturnFromH5(signedIn);
  const openLogin = useAccountDialogs((s) => s.openLogin);
  return (
    <PageShell className="hj-center">
      <section className="hj-center__body">
        <h1>{t('commerce.center.title')}</h1>
        <Tabs
          activeKey="orders"
          onChange={(k) =>
            void navigate(k === 'published' ? '/casemineByCreate' : '/casemineByCollect')
          }
          items={[
            { key: 'orders', label: t('commerce.center.orders') },
            { key: 'published', label: t('commerce.center.published') },
            { key: 'collected', label: t('commerce.center.collected') },
          ]}
        />
        {!signedIn && !loading ? (
          <Empty description={t('commerce.center.signIn')}>
            <Button type="primary" icon={<LoginOutlined />} onClick={() => openLogin()}>
              {t('commerce.center.signInButton')}
            </Button>
          </Empty>
        ) : signedIn ? (
          <OrderHistory />
        ) : null}
      </section>
    </PageShell>
  );
};
