import { afterAll, beforeAll, expect, it } from 'vitest';
import { TRAIN_VIP_MESSAGE } from '../../src/modules/models/models.service';
import { startComfyUiDouble } from '../doubles/comfyui-double';
import type { ComfyUiDouble } from '../doubles/comfyui-double';
import { adminToken, buildTestApp, describeEachDatabase, expectError, smsLogin } from '../helper';
import type { TestApp } from '../helper';
import { api, balanceOf, uploadDataset } from './model-fixtures';

const ROOT = { username: 'trainrights', password: 'root-password-long-enough' };

/**
 * Training rights (perks table: 模型训练 — 普通用户 no, VIP and SVIP yes): POST
 * /model/train needs a running membership, checked on the server before anything is held.
 */
describeEachDatabase('training rights', (target) => {
  let comfy: ComfyUiDouble;
  let t: TestApp;
  beforeAll(async () => {
    comfy = await startComfyUiDouble();
    t = await buildTestApp({
      target,
      role: 'api',
      env: {
        COMFYUI_URL: comfy.url,
        MODEL_TRAIN_PRICE: '3',
        SIGNUP_TICKETS: '1:20',
        ADMIN_USERNAME: ROOT.username,
        ADMIN_PASSWORD: ROOT.password,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await comfy?.close();
  });

  const train = (token: string, images: string[]) =>
    api(t, token).post('/api/model/train', { name: '我的风格', domain: 'architecture', images });
  const rights = async (token: string) =>
    (await api(t, token).get('/api/model/train/right/info')).json().data as {
      vipRequired: boolean;
      isVip: boolean;
    };

  it('a non-member is refused with a Chinese 403 before any ticket; VIP from an admin opens it; expiry closes it', async () => {
    const user = await smsLogin(t);
    const pictures = (await uploadDataset(t, user.token, 10)).map((p) => p.fileId);
    expect(await rights(user.token)).toMatchObject({ vipRequired: true, isVip: false });
    const info = (await api(t, user.token).get('/api/user/getVipInfo')).json().data;
    expect(info.perks.training).toBe(false);

    const refused = expectError(await train(user.token, pictures), 'VIP_REQUIRED');
    expect(refused.message).toBe(TRAIN_VIP_MESSAGE);
    expect(await balanceOf(t, user.token)).toBe(20);
    expect(comfy.received.prompts).toHaveLength(0);
    const models = await t.container.database.db
      .selectFrom('models')
      .select('id')
      .where('user_id', '=', user.user.id)
      .execute();
    expect(models).toHaveLength(0);

    const granted = await t.app.inject({
      method: 'POST',
      url: `/api/user/manage/user/${user.user.id}/vip`,
      headers: { satoken: await adminToken(t, ROOT) },
      payload: { tier: 'vip', days: 30, reason: '内测' },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await rights(user.token)).toMatchObject({ vipRequired: true, isVip: true });
    expect((await api(t, user.token).get('/api/user/getVipInfo')).json().data.perks.training).toBe(
      true,
    );
    const before = await balanceOf(t, user.token);
    const started = await train(user.token, pictures);
    expect(started.statusCode, started.body).toBe(200);
    expect(await balanceOf(t, user.token)).toBe(before - 3);

    // The membership ran out: refused again.
    await t.container.database.db
      .updateTable('users')
      .set({ vip_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', user.user.id)
      .execute();
    expect(await rights(user.token)).toMatchObject({ isVip: false });
    expectError(await train(user.token, pictures), 'VIP_REQUIRED');
  });

  it('anonymous callers get 401, not the membership answer', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/model/train', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
