import { describe, expect, it } from 'vitest';
import { paysInBrowser } from './commerce.api';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const wechatApp = `${iphone} MicroMessenger/8.0.50`;
const desktop =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const both = { h5: { wechat: true, alipay: true } };

describe('paysInBrowser (H5 pay on phones)', () => {
  it('pays in the browser on a phone when the server offers H5 for the channel', () => {
    expect(paysInBrowser(both, 'wechat', iphone)).toBe(true);
    expect(paysInBrowser(both, 'alipay', iphone)).toBe(true);
  });
  it('keeps the QR on a desktop, without H5 (sandbox) and for WeChat Pay inside WeChat', () => {
    expect(paysInBrowser(both, 'wechat', desktop)).toBe(false);
    expect(paysInBrowser({ h5: { wechat: false, alipay: false } }, 'alipay', iphone)).toBe(false);
    expect(paysInBrowser(undefined, 'alipay', iphone)).toBe(false);
    expect(paysInBrowser(both, 'wechat', wechatApp)).toBe(false);
    expect(paysInBrowser(both, 'alipay', wechatApp)).toBe(true);
  });
});
