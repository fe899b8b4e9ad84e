import { MobileHomePage } from '../../features/mobile';

/** /mobileHome (features/mobile): its own chunk, apart from the tool flow's screens. */
export const MobileHomeScreen = () => <MobileHomePage />;
