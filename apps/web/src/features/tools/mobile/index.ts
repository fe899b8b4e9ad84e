import '../../../locales/areas/mobile';
import '../../../locales/areas/tools';
/**
 * The tool workflow on a phone. Its own entry (not features/tools/index.ts) so the desktop tool
 * chunks do not carry the phone screens and their styles, and the other way round.
 */
export { MobileDonePage } from './components/mobile-done-page';
export { MobileListPage } from './components/mobile-list-page';
export { MobilePreparePage } from './components/mobile-prepare-page';
export { parseDoneQuery } from './model/mobile-flow';
