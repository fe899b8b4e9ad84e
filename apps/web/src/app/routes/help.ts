import type { RouteObject } from 'react-router';
import { page, screen } from '../route-helpers';

/** Help-area routes; the help dialogs themselves are mounted by the root layout. */
export const helpRoutes: RouteObject[] = [];

/** 客服与反馈 in the admin area (nested in the admin layout). */
export const helpAdminRoutes: RouteObject[] = [
  page(
    '/admin/feedback',
    screen(
      () => import('../../features/help/admin'),
      (m) => m.AdminFeedbackPage,
    ),
    'admin:support.reply',
  ),
];
