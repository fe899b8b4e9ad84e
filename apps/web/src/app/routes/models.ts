import type { RouteObject } from 'react-router';

/** Routes of this area (see area-routes.ts); build screens with route-helpers' page() and screen(). */
export const modelsRoutes: RouteObject[] = [];
