import { Navigate } from 'react-router';
import { useAdminSession } from '../../components/use-session';
import './admin.css';

export { AdminAccountsPage } from './components/admin-accounts-page';
export { AdminClientPage } from './components/admin-client-page';
export { AdminLayout } from './components/admin-layout';
export { AdminLoginPage } from './components/admin-login-page';

/** /admin: the dashboard for a signed-in admin (every role reads it), the admin login otherwise. */
export const AdminIndex = () => {
  const session = useAdminSession();
  return <Navigate to={session ? '/admin/dashboard' : '/admin/login'} replace />;
};
