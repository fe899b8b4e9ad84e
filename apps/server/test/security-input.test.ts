import { isSafeDisplayText, isSafePublishedUrl } from '@huijing/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectError, smsLogin } from './helper';
import type { TestApp } from './helper';

// Security review finding 7, the input items: each test replays the attack.
const ROOT = { username: 'root', password: 'root-password-2026' };

describe('names and published links', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { ADMIN_USERNAME: ROOT.username, ADMIN_PASSWORD: ROOT.password },
    });
    admin = (
      await t.app.inject({ method: 'POST', url: '/api/user/manage/login', payload: ROOT })
    ).json().data.token as string;
  });
  afterAll(() => t.close());

  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { satoken: token }, payload });

  it('display names refuse control and bidi characters', async () => {
    const { token } = await smsLogin(t);
    for (const nickname of ['林\u0000设计', 'gnp\u202Eexe.', '设计\u2066师', 'a\nb', '\u200Fx']) {
      const refused = expectError(
        await post('/api/user/v1/user/edit', token, { nickname }),
        'VALIDATION_FAILED',
      );
      expect(JSON.stringify(refused.data)).toContain('控制');
    }
    const ok = await post('/api/user/v1/user/edit', token, { nickname: '林设计师 Lin' });
    expect(ok.statusCode, ok.body).toBe(200);
    // Admin display names too.
    const created = await post('/api/user/manage/account', admin, {
      username: 'ops.bidi',
      password: 'a-long-enough-password',
      displayName: '运营\u202E小李',
    });
    expectError(created, 'VALIDATION_FAILED');
    expect(isSafeDisplayText('绘境用户5678')).toBe(true);
  });

  it('free text refuses bidi controls with a Chinese message: feedback, titles, collection names', async () => {
    const { token } = await smsLogin(t);
    const controls = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067'];
    controls.push('\u2068', '\u2069', '\u200E', '\u200F');
    const fields = (refused: { data?: unknown }) => JSON.stringify(refused.data);
    for (const c of controls) {
      const feedback = expectError(
        await post('/api/support/feedback', token, {
          category: 'other',
          text: `生成的图片${c}打不开，请帮忙看看`,
        }),
        'VALIDATION_FAILED',
      );
      expect(fields(feedback)).toContain('描述不能包含控制字符或文字方向控制符');
      const title = expectError(
        await post('/api/image/publish', token, { taskId: 'task-1', title: `客厅${c}效果图` }),
        'VALIDATION_FAILED',
      );
      expect(fields(title)).toContain('标题不能包含控制字符或文字方向控制符');
      const collection = expectError(
        await post('/api/image/collections', token, { name: `灵感${c}合集` }),
        'VALIDATION_FAILED',
      );
      expect(fields(collection)).toContain('合集名称不能包含控制字符或文字方向控制符');
    }
    // Ordinary text, line breaks in multi-line text included, still goes through.
    const sent = await post('/api/support/feedback', token, {
      category: 'other',
      text: '生成的图片打不开，\n请帮忙看看 (Chrome 126)',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const made = await post('/api/image/collections', token, { name: '北欧 客厅' });
    expect(made.statusCode, made.body).toBe(200);
  });

  it('client download links must be https:// or a same-site path', async () => {
    const publish = (url: string) =>
      post('/api/user/manage/client/downloads', admin, {
        releases: [{ platform: 'windows', version: '1.0.0', url }],
      });
    for (const url of [
      '//evil.example/x.exe',
      '/\\evil.example/x.exe',
      'http://dl.example.com/x.exe',
      'javascript:alert(1)',
      'https://user:pw@dl.example.com/x.exe',
      'https:/x.exe',
      ' /downloads/x.exe\n//evil',
    ]) {
      expectError(await publish(url), 'VALIDATION_FAILED');
    }
    for (const url of ['https://dl.example.com/huijing.exe', '/downloads/huijing.exe']) {
      expect((await publish(url)).statusCode).toBe(200);
    }
    // A link stored before the rule is not offered.
    await t.container.database.db
      .updateTable('app_settings')
      .set({
        value: JSON.stringify([
          { platform: 'windows', version: '0.9.0', url: '//evil.example/x.exe' },
        ]),
      })
      .where('key', '=', 'client.downloads')
      .execute();
    const list = await t.app.inject({ url: '/api/client/downloads' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual({ releases: [] });
    expect(isSafePublishedUrl('/downloads/a.dmg')).toBe(true);
  });
});
