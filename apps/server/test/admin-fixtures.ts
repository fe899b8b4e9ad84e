import type { AdminRole } from '@huijing/contracts';
import { expect } from 'vitest';
import type { TestApp } from './helper';

export const ROOT = { username: 'root', password: 'root-password-2026' };
export const rootEnv = { ADMIN_USERNAME: ROOT.username, ADMIN_PASSWORD: ROOT.password };

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

export const adminLogin = async (t: TestApp, username: string, password: string) => {
  const res = await manageCall(t)('POST', '/login', undefined, { username, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
};

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
