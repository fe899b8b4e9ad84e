import { UserOutlined } from '@ant-design/icons';
import { createContext, useContext, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountDialogs } from './account-dialogs.store';

/**
 * Where the header shows the account. The auth feature fills these slots (app/ wires them), so
 * shared components and other features never import it. The defaults are plain login buttons:
 * plain markup, so a visitor's first screen needs no component library (docs/performance.md).
 */
export interface AccountSlots {
  /** Desktop header: login button, or avatar with the account menu. */
  HeaderAccount: ComponentType<{ tone: 'light' | 'dark' }>;
  /** Inside the mobile drawer; `onNavigate` closes the drawer. */
  DrawerAccount: ComponentType<{ onNavigate: () => void }>;
  /** /mobileHome's top bar. */
  MobileAccount: ComponentType;
}

export const DefaultHeaderAccount = () => {
  const { t } = useTranslation();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  return (
    <button
      type="button"
      className="hj-btn hj-btn--primary hj-header__login"
      onClick={() => openLogin()}
    >
      <UserOutlined />
      <span>{t('actions.login')}</span>
    </button>
  );
};

export const DefaultDrawerAccount = ({ onNavigate }: { onNavigate: () => void }) => {
  const { t } = useTranslation();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  return (
    <button
      type="button"
      className="hj-btn hj-btn--primary hj-btn--large hj-btn--block"
      onClick={() => {
        onNavigate();
        openLogin();
      }}
    >
      {t('actions.login')}
    </button>
  );
};

export const DefaultMobileAccount = () => {
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
