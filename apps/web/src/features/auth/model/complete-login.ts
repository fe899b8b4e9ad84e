import { maskPhone, type LoginResult } from '@huijing/contracts';
import { pageNavigation, safeReturnPath } from '../../../lib/page-navigation';
import { storage, storageKeys } from '../../../lib/storage-keys';

/**
 * Spec §4: login success stores the token and the phone label, then reloads the whole page so
 * every screen starts from the signed-in state. From /user/login the reload lands on the
 * `redirect` target instead.
 */
export const completeLogin = (
  result: LoginResult,
  options: { phone?: string; returnTo?: string } = {},
): void => {
  storage.set(storageKeys.satoken, result.token);
  const label = options.phone ? maskPhone(options.phone) : result.user.phone;
  if (label) storage.set(storageKeys.loginPhone, label);
  else storage.remove(storageKeys.loginPhone);
  storage.set(storageKeys.userType, result.user.userType);
  const target = safeReturnPath(options.returnTo);
  if (target) pageNavigation.replace(target);
  else pageNavigation.reload();
};
