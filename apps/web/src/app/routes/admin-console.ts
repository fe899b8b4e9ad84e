import type { RouteObject } from 'react-router';

/**
 * Admin screens beyond accounts and client (users, orders, audit, tasks, moderation, dashboard);
 * nested in the admin layout, so each is hidden from anyone who is not an admin. Use page(path,
 * lazy, 'canAdmin') from route-helpers.
 */
export const adminConsoleRoutes: RouteObject[] = [];
