import '../../locales/areas/mobile';
export { MobileHomePage } from './mobile-home-page';
export { MobileTabBar } from './mobile-tab-bar';
