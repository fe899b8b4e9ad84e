import type { RouteObject } from 'react-router';
import { adminConsoleRoutes } from './routes/admin-console';
import { commerceRoutes } from './routes/commerce';
import { communityRoutes } from './routes/community';
import { helpAdminRoutes, helpRoutes } from './routes/help';
import { modelsRoutes } from './routes/models';

/**
 * Each product area keeps its routes in its own file under routes/, so areas built in parallel
 * never edit the same table. router.tsx places these before the coming-soon panels and the 404.
 */
export const areaRoutes: RouteObject[] = [
  ...commerceRoutes,
  ...communityRoutes,
  ...modelsRoutes,
  ...helpRoutes,
];

/** Admin screens, nested in the admin layout. */
export const areaAdminRoutes: RouteObject[] = [...adminConsoleRoutes, ...helpAdminRoutes];
