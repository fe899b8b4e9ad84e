import '../help.css';
import { ContactModal } from './contact-modal';
import { ClientDownloadModal, ExtensionModal, PrivacyModal } from './download-modals';
import { GuideTour } from './guide-tour';

/** The help dialogs of spec §2 and the tool-page guide, mounted once by the root layout. */
export const HelpModals = () => (
  <>
    <ContactModal />
    <ClientDownloadModal />
    <ExtensionModal />
    <PrivacyModal />
    <GuideTour />
  </>
);
