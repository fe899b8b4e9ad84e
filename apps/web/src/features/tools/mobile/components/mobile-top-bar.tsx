import { LeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountSlots } from '../../../../components/account-slots';

/** The phone screens' top bar: a big back target, the screen's title, the account. */
export const MobileTopBar = ({ title, back }: { title: string; back: string }) => {
  const { t } = useTranslation();
  const { MobileAccount } = useAccountSlots();
  return (
    <header className="hj-mf__bar">
      <Link to={back} className="hj-mf__back" aria-label={t('mobile.back')}>
        <LeftOutlined />
      </Link>
      <h1 className="hj-mf__title">{title}</h1>
      <MobileAccount />
    </header>
  );
};
