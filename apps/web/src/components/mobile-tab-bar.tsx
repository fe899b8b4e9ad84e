import {
  AppstoreOutlined,
  BulbOutlined,
  CheckCircleOutlined,
  HomeFilled,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './styles/mobile-tab-bar.css';

export type MobileTab = 'home' | 'list' | 'gallery' | 'works' | 'mine';

const tabs: { key: MobileTab; label: string; to: string; icon: React.ReactNode }[] = [
  { key: 'home', label: 'nav.home', to: '/mobileHome', icon: <HomeFilled /> },
  { key: 'list', label: 'nav.functions', to: '/mobileList', icon: <AppstoreOutlined /> },
  { key: 'gallery', label: 'nav.gallery', to: '/findPage', icon: <BulbOutlined /> },
  { key: 'works', label: 'nav.myWorks', to: '/mobileDone', icon: <CheckCircleOutlined /> },
  { key: 'mine', label: 'nav.mine', to: '/personalCenter', icon: <UserOutlined /> },
];

/**
 * The phone's bottom navigation, within thumb reach and above the home indicator: shared by the
 * phone screens and every shell page a phone opens (the community pages, the personal center).
 */
export const MobileTabBar = ({ active }: { active?: MobileTab }) => {
  const { t } = useTranslation();
  return (
    <nav className="hj-m__tabs" aria-label={t('nav.tabs')}>
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          data-tab={tab.key}
          className={tab.key === active ? 'is-active' : undefined}
          aria-current={tab.key === active ? 'page' : undefined}
        >
          {tab.icon}
          {t(tab.label)}
        </Link>
      ))}
    </nav>
  );
};
