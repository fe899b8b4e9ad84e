import '../../locales/areas/commerce';
export { RechargeModal } from './components/recharge-modal';
export { DingzhiPage } from './screens/dingzhi-page';
export { OrdersPage } from './screens/orders-page';
