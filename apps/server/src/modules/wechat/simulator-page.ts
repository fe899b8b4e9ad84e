const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// Self-contained and script-free, so the site's strict CSP needs no exception for it.
const page = (title: string, body: string): string => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;max-width:420px;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.25rem}.note{color:#8a5a00;background:#fff6e0;padding:.5rem .75rem;border-radius:6px;font-size:.875rem}
label{display:block;margin:.8rem 0 .3rem}input[name=phone]{box-sizing:border-box;width:100%;padding:.6rem;border:1px solid #ddd;border-radius:6px;font-size:1rem}
button{margin-top:1rem;width:100%;padding:.7rem;border:0;border-radius:6px;background:#07c160;color:#fff;font-size:1rem}
</style></head><body>${body}</body></html>
`;

/**
 * The phone-side page of the simulated scan (development only, loopback only): the developer
 * types the phone number of an account to sign in as, or leaves it empty for a new test user.
 * It never lists accounts.
 */
export const simulatorPage = (sceneId: string, state: 'open' | 'expired' | 'missing'): string => {
  if (state === 'missing')
    return page('二维码无效', '<h1>二维码无效</h1><p>没有找到这个登录二维码。</p>');
  if (state === 'expired') {
    return page('二维码已失效', '<h1>二维码已失效</h1><p>请在电脑上刷新二维码后重新扫码。</p>');
  }
  return page(
    '微信扫码登录（模拟器）',
    `<h1>微信扫码登录（模拟器）</h1>
<p class="note">开发用模拟器，只在开发环境开启。输入已有账号的手机号以该账号登录；留空则新建一个测试用户。</p>
<form method="post" action="/api/wx/simulator/confirm">
<input type="hidden" name="sceneId" value="${escapeHtml(sceneId)}">
<label for="phone">手机号</label>
<input id="phone" name="phone" inputmode="numeric" autocomplete="off" maxlength="11" placeholder="留空则新建测试用户">
<button type="submit">确认登录</button>
</form>`,
  );
};

export const simulatorDonePage = (result: 'confirmed' | 'no-user' | 'failed'): string =>
  result === 'confirmed'
    ? page('已确认登录', '<h1>已确认登录</h1><p>请回到电脑上继续操作。</p>')
    : result === 'no-user'
      ? page('确认失败', '<h1>确认失败</h1><p>没有使用这个手机号的账号，请返回检查。</p>')
      : page('确认失败', '<h1>确认失败</h1><p>二维码已失效或已被使用，请在电脑上刷新后重试。</p>');
