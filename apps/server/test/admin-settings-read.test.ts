import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSettingsRepository } from '../src/modules/settings/settings.repository';
import { createLogger } from '../src/config/logger';
import { buildTestApp, captureLogs, describeEachDatabase, expectError, smsLogin } from './helper';
import type { TestApp } from './helper';

const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describeEachDatabase('admin settings read by the services', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ target });
  });
  afterAll(() => t.close());

  const put = (key: string, value: string) =>
    t.container.database.db
      .insertInto('app_settings')
      .values({ key, value, updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();

  it('pauses conversational image edits with the assistant.imageEdit switch', async () => {
    await put('admin.features', JSON.stringify({ 'assistant.imageEdit': false }));
    const status = await t.app.inject({ method: 'GET', url: '/api/ai/assistantStatus' });
    expect(status.json().data.edit).toMatchObject({
      available: false,
      reason: '对话改图暂停服务，请稍后再试',
    });
    const { token } = await smsLogin(t);
    const edit = await t.app.inject({
      method: 'POST',
      url: '/api/ai/EditImage',
      headers: { satoken: token },
      payload: { image: TINY_PNG, instruction: '把沙发换成皮质' },
    });
    expectError(edit, 'FEATURE_OFF');
    await put('admin.features', '{}');
    const back = await t.app.inject({ method: 'GET', url: '/api/ai/assistantStatus' });
    expect(back.json().data.edit.reason).not.toBe('对话改图暂停服务，请稍后再试');
  });

  it('a stored value that no longer fits its schema reads as unset (the default), logged once', async () => {
    const logs = captureLogs();
    const settings = createSettingsRepository(
      t.container.database.db,
      createLogger({ LOG_LEVEL: 'info' }, logs.stream),
    );
    await put('vip.tiers', JSON.stringify({ none: { perks: 'not an object of the new shape' } }));
    await put('site.notice', 'not json at all');
    expect(await settings.getSetting('vip.tiers')).toBeUndefined();
    expect(await settings.getSetting('vip.tiers')).toBeUndefined();
    expect(await settings.getSetting('site.notice')).toBeUndefined();
    const warnings = logs.lines.filter((l) => l.includes('no longer fits'));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('vip.tiers');
    // The user-facing read built on it answers with the defaults instead of a 5xx.
    const { token } = await smsLogin(t);
    const vip = await t.app.inject({
      method: 'GET',
      url: '/api/user/getVipInfo',
      headers: { satoken: token },
    });
    expect(vip.statusCode, vip.body).toBe(200);
    await t.container.database.db
      .deleteFrom('app_settings')
      .where('key', '=', 'vip.tiers')
      .execute();
  });
});
