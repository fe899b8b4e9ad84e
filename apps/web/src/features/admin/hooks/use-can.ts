import type { AdminPermission } from '@huijing/contracts';
import { useAccess } from '../../../components/use-session';
import { adminAccess } from '../../../lib/access';

/** Whether the signed-in admin's role holds a permission (the spec's access map, §3/§6). */
export const useCan = () => {
  const { access } = useAccess();
  return (permission: AdminPermission) => access[adminAccess(permission)] === true;
};
