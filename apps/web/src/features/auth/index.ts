import './auth.css';

/** The auth feature's public face: app/ mounts the dialogs and fills the header slots. */
export { AccountModals } from './components/account-modals';
export { DrawerAccount, HeaderAccount, MobileAccount } from './components/account-menu';
export { logout, logoutKeys } from './model/logout';
