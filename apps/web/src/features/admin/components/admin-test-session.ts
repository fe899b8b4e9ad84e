import type { AdminRole } from '@huijing/contracts';
import { signInAdmin } from '../../../lib/admin-session';

/** Component tests of console screens: an admin of the role signed in (token hja_admin). */
export const signInTestAdmin = (role: AdminRole = 'super') =>
  signInAdmin('hja_admin', {
    accountId: 'a1',
    username: 'root',
    displayName: '超级管理员',
    role,
    disabled: false,
    lastLoginAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
