import { maskPhone } from '@huijing/contracts';
import type { UserRecord } from '../users/users.repository';

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// Self-contained and script-free, so the site's strict CSP needs no exception for it.
const page = (title: string, body: string): string => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;max-width:420px;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.25rem}.note{color:#8a5a00;background:#fff6e0;padding:.5rem .75rem;border-radius:6px;font-size:.875rem}
label{display:block;padding:.5rem;border:1px solid #ddd;border-radius:6px;margin:.4rem 0}
button{margin-top:1rem;width:100%;padding:.7rem;border:0;border-radius:6px;background:#07c160;color:#fff;font-size:1rem}
</style></head><body>${body}</body></html>
`;

/** The phone-side page of the simulated scan: pick who is scanning, then confirm. */
export const simulatorPage = (
  sceneId: string,
  state: 'open' | 'expired' | 'missing',
  users: UserRecord[],
): string => {
  if (state === 'missing')
    return page('二维码无效', '<h1>二维码无效</h1><p>没有找到这个登录二维码。</p>');
  if (state === 'expired') {
    return page('二维码已失效', '<h1>二维码已失效</h1><p>请在电脑上刷新二维码后重新扫码。</p>');
  }
  const options = users
    .map((u) => {
      const label = `${u.nickname}${u.phone ? `（${maskPhone(u.phone)}）` : ''}`;
      return `<label><input type="radio" name="userId" value="${escapeHtml(u.id)}"> ${escapeHtml(label)}</label>`;
    })
    .join('\n');
  return page(
    '微信扫码登录（模拟器）',
    `<h1>微信扫码登录（模拟器）</h1>
<p class="note">开发用模拟器：选择以哪个用户身份确认登录。正式环境请设置 WECHAT_PROVIDER=mp。</p>
<form method="post" action="/api/wx/simulator/confirm">
<input type="hidden" name="sceneId" value="${escapeHtml(sceneId)}">
<label><input type="radio" name="userId" value="new" checked> 新用户</label>
${options}
<button type="submit">确认登录</button>
</form>`,
  );
};

export const simulatorDonePage = (ok: boolean): string =>
  ok
    ? page('已确认登录', '<h1>已确认登录</h1><p>请回到电脑上继续操作。</p>')
    : page('确认失败', '<h1>确认失败</h1><p>二维码已失效或已被使用，请在电脑上刷新后重试。</p>');
