import { UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { createContext, useContext, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountDialogs } from './account-dialogs.store';

/**
 * Where the header shows the account. The auth feature fills these slots (app/ wires them), so
 * shared components and other features never import it. The defaults are plain login buttons.
 */
export interface AccountSlots {
  /** Desktop header: login button, or avatar with the account menu. */
  HeaderAccount: ComponentType<{ tone: 'light' | 'dark' }>;
  /** Inside the mobile drawer; `onNavigate` closes the drawer. */
  DrawerAccount: ComponentType<{ onNavigate: () => void }>;
  /** /mobileHome's top bar. */
  MobileAccount: ComponentType;
}

const DefaultHeaderAccount = () => {
  const { t } = useTranslation();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  return (
    <Button
      type="primary"
      icon={<UserOutlined />}
      className="hj-header__login"
      onClick={() => openLogin()}
    >
      {t('actions.login')}
    </Button>
  );
};

const DefaultDrawerAccount = ({ onNavigate }: { onNavigate: () => void }) => {
  const { t } = useTranslation();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  return (
    <Button
      type="primary"
      block
      size="large"
      onClick={() => {
        onNavigate();
        openLogin();
      }}
    >
      {t('actions.login')}
    </Button>
  );
};

const DefaultMobileAccount = () => {
  const { t } = useTranslation();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  return (
    <button
      type="button"
      className="hj-m__login"
      aria-label={t('actions.login')}
      onClick={() => openLogin()}
    >
      <UserOutlined />
    </button>
  );
};

const AccountSlotsContext = createContext<AccountSlots>({
  HeaderAccount: DefaultHeaderAccount,
  DrawerAccount: DefaultDrawerAccount,
  MobileAccount: DefaultMobileAccount,
});

export const AccountSlotsProvider = AccountSlotsContext.Provider;
export const useAccountSlots = () => useContext(AccountSlotsContext);
