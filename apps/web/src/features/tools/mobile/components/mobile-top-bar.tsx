import { LeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountSlots } from '../../../../components/account-slots';
import { PhoneShortcuts } from '../../../../components/phone-bar';

/** The phone screens' top bar: a big back target, the title, 灵感广场, 充值 and the account. */
export const MobileTopBar = ({ title, back }: { title: string; back: string }) => {
  const { t } = useTranslation();
  const { MobileAccount } = useAccountSlots();
  return (
    <header className="hj-mf__bar">
      <Link to={back} className="hj-mf__back" aria-label={t('mobile.back')}>
        <LeftOutlined />
      </Link>
      <h1 className="hj-mf__title">{title}</h1>
      <span className="hj-m__bar-actions">
        <PhoneShortcuts />
        <MobileAccount />
      </span>
    </header>
  );
};
