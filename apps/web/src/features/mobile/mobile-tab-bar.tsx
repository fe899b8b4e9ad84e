import { AppstoreOutlined, CheckCircleOutlined, HomeFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './mobile-tab-bar.css';

export type MobileTab = 'home' | 'list' | 'works';

const tabs: { key: MobileTab; to: string; icon: React.ReactNode }[] = [
  { key: 'home', to: '/mobileHome', icon: <HomeFilled /> },
  { key: 'list', to: '/mobileList', icon: <AppstoreOutlined /> },
  { key: 'works', to: '/mobileDone', icon: <CheckCircleOutlined /> },
];

/** The phone's bottom navigation, within thumb reach and above the home indicator. */
export const MobileTabBar = ({ active }: { active: MobileTab }) => {
  const { t } = useTranslation();
  return (
    <nav className="hj-m__tabs" aria-label={t('mobile.tabs.label')}>
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          className={tab.key === active ? 'is-active' : undefined}
          aria-current={tab.key === active ? 'page' : undefined}
        >
          {tab.icon}
          {t(`mobile.tabs.${tab.key}`)}
        </Link>
      ))}
    </nav>
  );
};
