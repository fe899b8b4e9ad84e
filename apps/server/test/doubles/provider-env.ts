import fs from 'node:fs/promises';
import path from 'node:path';
import { makeTempDir } from '../helper';
import type { AlipayDouble } from './alipay-double';
import type { WechatPayDouble } from './wechatpay-double';

/** Key files and settings for both real payment providers, pointing at their doubles. */
export const providerEnv = async (wx: WechatPayDouble, ali: AlipayDouble) => {
  const dir = await makeTempDir('huijing-keys-');
  const file = async (name: string, text: string) => {
    const p = path.join(dir, name);
    await fs.writeFile(p, text);
    return p;
  };
  return {
    dir,
    env: {
      PUBLIC_BASE_URL: 'https://huijing.example.com',
      WECHATPAY_MCHID: wx.mchid,
      WECHATPAY_APPID: wx.appid,
      WECHATPAY_MERCHANT_SERIAL: wx.merchantSerial,
      WECHATPAY_MERCHANT_PRIVATE_KEY_FILE: await file('apiclient_key.pem', wx.merchantPrivateKey),
      WECHATPAY_APIV3_KEY: wx.apiV3Key,
      WECHATPAY_PUBLIC_KEY_FILE: await file('pub_key.pem', wx.publicKey),
      WECHATPAY_PUBLIC_KEY_ID: wx.publicKeyId,
      WECHATPAY_BASE_URL: wx.url,
      ALIPAY_APP_ID: ali.appId,
      ALIPAY_PRIVATE_KEY_FILE: await file('app_private_key.pem', ali.appPrivateKey),
      ALIPAY_PUBLIC_KEY_FILE: await file('alipay_public_key.pem', ali.alipayPublicKey),
      ALIPAY_GATEWAY: ali.url,
    },
  };
};
