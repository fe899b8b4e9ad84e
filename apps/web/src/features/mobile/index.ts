import '../../locales/areas/mobile';
export { MobileHomePage } from './mobile-home-page';
export { MobileTabBar, type MobileTab } from './mobile-tab-bar';
