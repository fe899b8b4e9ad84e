import type { RouteObject } from 'react-router';
import { adminAccess } from '../../lib/access';
import { page, screen } from '../route-helpers';

type ConsoleScreen =
  | 'AdminAuditPage'
  | 'AdminDashboardPage'
  | 'AdminEnginesPage'
  | 'AdminOrdersPage'
  | 'AdminProductsPage'
  | 'AdminReconcilePage'
  | 'AdminSettingsPage'
  | 'AdminTasksPage'
  | 'AdminUsersPage';

const consoleScreen = (name: ConsoleScreen) =>
  screen(
    () => import('../../features/admin/console-screens'),
    (m) => m[name],
  );

const moderationScreen = (name: 'AdminGalleryReviewPage' | 'AdminModelsReviewPage') =>
  screen(
    () => import('../../features/admin/moderation-screens'),
    (m) => m[name],
  );

/**
 * Admin console screens, nested in the admin layout. Each route's access name is one
 * permission of the server's matrix, so a role never sees a screen its calls would refuse.
 */
export const adminConsoleRoutes: RouteObject[] = [
  page('/admin/dashboard', consoleScreen('AdminDashboardPage'), adminAccess('stats.read')),
  page('/admin/users', consoleScreen('AdminUsersPage'), adminAccess('users.read')),
  page('/admin/tasks', consoleScreen('AdminTasksPage'), adminAccess('tasks.read')),
  page('/admin/orders', consoleScreen('AdminOrdersPage'), adminAccess('orders.read')),
  page('/admin/reconcile', consoleScreen('AdminReconcilePage'), adminAccess('orders.reconcile')),
  page('/admin/products', consoleScreen('AdminProductsPage'), adminAccess('products.write')),
  page('/admin/engines', consoleScreen('AdminEnginesPage'), adminAccess('engines.read')),
  page('/admin/settings', consoleScreen('AdminSettingsPage'), adminAccess('settings.read')),
  page('/admin/audit', consoleScreen('AdminAuditPage'), adminAccess('audit.read')),
  page(
    '/admin/moderation/gallery',
    moderationScreen('AdminGalleryReviewPage'),
    adminAccess('moderation.review'),
  ),
  page(
    '/admin/moderation/models',
    moderationScreen('AdminModelsReviewPage'),
    adminAccess('moderation.review'),
  ),
];
