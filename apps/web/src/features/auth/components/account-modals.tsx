import { useAccountSwitch } from '../hooks/use-account-switch';
import { useSingleSignOn } from '../hooks/use-single-sign-on';
import { FaceVerifyModal } from './face-verify-modal';
import { InterestModal } from './interest-modal';
import { LoginModal } from './login-modal';
import { ProfileModal } from './profile-modal';

/** Every account dialog, mounted once by the root layout and opened through useAccountDialogs. */
export const AccountModals = () => {
  useSingleSignOn();
  useAccountSwitch();
  return (
    <>
      <LoginModal />
      <InterestModal />
      <ProfileModal />
      <FaceVerifyModal />
    </>
  );
};
