import { HomePage } from '../../features/home/home-page';

/** Spec §2: / and /newhome have no footer, /home has one. */
export const HomeWithoutFooter = () => <HomePage footer={false} />;
export const HomeWithFooter = () => <HomePage footer />;
