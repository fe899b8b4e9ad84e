import { LoginOutlined } from '@ant-design/icons';
import { Button, Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { PageShell } from '../../../components/page-shell';
import { usePageTitle } from '../../../components/use-page-title';
import { useCurrentUser } from '../../../components/use-session';
import { OrderHistory } from '../components/order-history';
import '../commerce.css';

/**
 * /personalCenter: the personal center's 我的订单 (the account menu's 我的订单 lands here). The
 * other tabs are the community's own pages (/casemineByCreate, /casemineByCollect).
 */
export const OrdersPage = () => {
  const { t } = useTranslation();
  usePageTitle(t('commerce.center.orders'));
  const navigate = useNavigate();
  const { signedIn, loading } = useCurrentUser();
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
