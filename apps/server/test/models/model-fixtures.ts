import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { smsLogin } from '../helper';
import type { TestApp } from '../helper';
import { upload } from '../task-fixtures';

/**
 * A picture no other call makes: random 8×8 colour blocks scaled up, so the doctor's perceptual
 * hash sees distinct pictures (a flat colour would make every upload a near-duplicate).
 */
export const distinctJpeg = async (width = 768, height = 640): Promise<Buffer> =>
  sharp(randomBytes(8 * 8 * 3), { raw: { width: 8, height: 8, channels: 3 } })
    .resize(width, height, { kernel: 'nearest' })
    .jpeg({ quality: 90 })
    .toBuffer();

export const uploadDataset = async (t: TestApp, token: string, n: number) => {
  const out = [];
  for (let i = 0; i < n; i++)
    out.push(
      await upload(t, token, await distinctJpeg(i % 3 === 0 ? 1024 : 768, i % 3 === 0 ? 680 : 640)),
    );
  return out;
};

/** A signed-in member: training is a VIP perk, so trainers get a year of VIP on their row. */
export const member = async (t: TestApp) => {
  const signedIn = await smsLogin(t);
  await t.container.database.db
    .updateTable('users')
    .set({ vip_tier: 'vip', vip_until: new Date(Date.now() + 365 * 86_400_000).toISOString() })
    .where('id', '=', signedIn.user.id)
    .execute();
  return signedIn;
};

export const balanceOf = async (t: TestApp, token: string): Promise<number> =>
  (await t.app.inject({ url: '/api/ai/totalTicket?type=1', headers: { satoken: token } })).json()
    .data as number;

export const api = (t: TestApp, token: string) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers: { satoken: token } }),
  del: (url: string) => t.app.inject({ method: 'DELETE', url, headers: { satoken: token } }),
  post: (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { satoken: token } }),
});

export const waitForStatus = async (
  get: () => Promise<{ status: string; progress: number }>,
  wanted: string[],
  timeoutMs = 15_000,
) => {
  const start = Date.now();
  for (;;) {
    const m = await get();
    if (wanted.includes(m.status)) return m;
    if (Date.now() - start > timeoutMs) throw new Error(`still ${m.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 40));
  }
};

/** The test apps' root admin (ADMIN_USERNAME rootadmin): a reviewer of the model square. */
export const ROOT_ADMIN = {
  ADMIN_USERNAME: 'rootadmin',
  ADMIN_PASSWORD: 'root-password-long-enough',
};

/** Signs the root admin in; its token. */
export const rootAdmin = async (t: TestApp): Promise<string> =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/user/manage/login',
      payload: { username: ROOT_ADMIN.ADMIN_USERNAME, password: ROOT_ADMIN.ADMIN_PASSWORD },
    })
  ).json().data.token as string;
