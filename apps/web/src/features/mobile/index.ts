import '../../locales/areas/mobile';
export { MobileHomePage } from './mobile-home-page';
