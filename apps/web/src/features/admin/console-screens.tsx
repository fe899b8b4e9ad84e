import './admin.css';

// The admin console's screens, one lazy chunk beside the accounts screens.
export { AdminAuditPage } from './components/admin-audit-page';
export { AdminDashboardPage } from './components/admin-dashboard-page';
export { AdminEnginesPage } from './components/admin-engines-page';
export { AdminOrdersPage } from './components/admin-orders-page';
export { AdminProductsPage } from './components/admin-products-page';
export { AdminReconcilePage } from './components/admin-reconcile-page';
export { AdminSettingsPage } from './components/admin-settings-page';
export { AdminTasksPage } from './components/admin-tasks-page';
export { AdminUsersPage } from './components/admin-users-page';
