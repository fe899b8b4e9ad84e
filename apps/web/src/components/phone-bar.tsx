import { BulbOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountSlots } from './account-slots';
import { BrandLogo } from './brand-logo';
import { RechargeButton } from './recharge-button';
import './styles/phone-bar.css';

/** 灵感广场 and 充值 as round buttons, for the phone bars that have no bottom tabs. */
export const PhoneShortcuts = ({ gallery = true }: { gallery?: boolean }) => {
  const { t } = useTranslation();
  return (
    <>
      {gallery ? (
        <Link to="/findPage" className="hj-m__login" aria-label={t('nav.gallery')}>
          <BulbOutlined />
        </Link>
      ) : null}
      <RechargeButton compact />
    </>
  );
};

/** The phone's top bar on the phone home and on every shell page a phone opens. */
export const PhoneBar = () => {
  const { MobileAccount } = useAccountSlots();
  return (
    <header className="hj-m__bar">
      <BrandLogo to="/mobileHome" />
      <span className="hj-m__bar-actions">
        <PhoneShortcuts gallery={false} />
        <MobileAccount />
      </span>
    </header>
  );
};
