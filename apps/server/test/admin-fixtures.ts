import type { AdminRole } from '@huijing/contracts';
import { expect } from 'vitest';
import { ROOT_ADMIN, adminToken, rootAdminEnv } from './helper';
import type { TestApp } from './helper';

export const ROOT = ROOT_ADMIN;
export const rootEnv = rootAdminEnv;

type Method = 'GET' | 'POST' | 'DELETE';

/** Calls under /api/user/manage with an optional token (admin or user). */
export const manageCall =
  (t: TestApp) => (method: Method, url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/user/manage${url}`,
      headers: token ? { satoken: token } : {},
      ...(payload && { payload }),
    });

export const adminLogin = (t: TestApp, username: string, password: string) =>
  adminToken(t, { username, password });

let seq = 0;
/** A new admin of the role, created by root, signed in. */
export const createAdmin = async (t: TestApp, rootToken: string, role: AdminRole) => {
  const username = `${role}${++seq}x${Date.now() % 100000}`;
  const password = `password-${seq}-long-enough`;
  const res = await manageCall(t)('POST', '/account', rootToken, {
    username,
    password,
    displayName: `${role} ${seq}`,
    role,
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = await adminLogin(t, username, password);
  return { id: res.json().data.accountId as string, username, password, token };
};
