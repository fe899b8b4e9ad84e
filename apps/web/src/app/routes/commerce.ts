import type { RouteObject } from 'react-router';
import { page, screen } from '../route-helpers';

const commerce = () => import('../../features/commerce');

/** Routes of this area (see area-routes.ts); build screens with route-helpers' page() and screen(). */
export const commerceRoutes: RouteObject[] = [
  page(
    '/dingzhi',
    screen(commerce, (m) => m.DingzhiPage),
  ),
  // The personal center's 我的订单 (tracking label: my personal center).
  page(
    '/personalCenter',
    screen(commerce, (m) => m.OrdersPage),
  ),
];
