import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseAreaEnv } from '../../config/area-env';
import { EnvError } from '../../config/env';
import type { Env } from '../../config/env';

const wechatKeys = [
  'WECHATPAY_MCHID',
  'WECHATPAY_APPID',
  'WECHATPAY_MERCHANT_SERIAL',
  'WECHATPAY_MERCHANT_PRIVATE_KEY_FILE',
  'WECHATPAY_APIV3_KEY',
  'WECHATPAY_PUBLIC_KEY_FILE',
  'WECHATPAY_PUBLIC_KEY_ID',
] as const;
const alipayKeys = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE'] as const;

const httpUrl = z.string().refine((v) => /^https?:\/\/[^/\s]+/i.test(v) && URL.canParse(v), {
  message: 'must be an http(s) URL',
});

const schema = z.object({
  PUBLIC_BASE_URL: httpUrl.optional(),
  PAYMENT_SANDBOX: z.enum(['on', 'off'], { message: 'must be on or off' }).optional(),
  ORDER_EXPIRE_MINUTES: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be between 1 and 120')
    .max(120, 'must be between 1 and 120')
    .default(15),
  PAYMENT_RECONCILE_MS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(1000, 'must be at least 1000')
    .default(15_000),
  WECHATPAY_MCHID: z.string().optional(),
  WECHATPAY_APPID: z.string().optional(),
  WECHATPAY_MERCHANT_SERIAL: z.string().optional(),
  WECHATPAY_MERCHANT_PRIVATE_KEY_FILE: z.string().optional(),
  WECHATPAY_APIV3_KEY: z.string().optional(),
  WECHATPAY_PUBLIC_KEY_FILE: z.string().optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().optional(),
  WECHATPAY_BASE_URL: httpUrl.default('https://api.mch.weixin.qq.com/'),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY_FILE: z.string().optional(),
  ALIPAY_PUBLIC_KEY_FILE: z.string().optional(),
  ALIPAY_GATEWAY: httpUrl.default('https://openapi.alipay.com/gateway.do'),
});

export type WechatPayConfig = {
  mchid: string;
  appid: string;
  merchantSerial: string;
  merchantPrivateKey: string;
  apiV3Key: string;
  publicKey: string;
  publicKeyId: string;
  baseUrl: string;
  notifyUrl: string;
};

export type AlipayConfig = {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
};

export type PaymentsConfig = {
  wechat: WechatPayConfig | undefined;
  alipay: AlipayConfig | undefined;
  sandbox: boolean;
  publicBaseUrl: string;
  expireMinutes: number;
  reconcileMs: number;
};

/**
 * The payment settings. A provider is configured with all of its variables or none:
 * a half-configured one stops the boot listing what is missing, as does a key file that cannot be
 * read. With no provider the sandbox is offered while the development simulators are on
 * (SIMULATORS; off by default with NODE_ENV=production); PAYMENT_SANDBOX=on|off overrides. The sandbox serves only channels
 * that have no real provider.
 */
export const parsePaymentsConfig = (env: Env): PaymentsConfig => {
  const raw = parseAreaEnv(env, schema);
  const problems: string[] = [];
  const partial = (keys: readonly string[], name: string) => {
    const set = keys.filter((k) => (raw as Record<string, unknown>)[k]);
    if (set.length > 0 && set.length < keys.length) {
      for (const k of keys.filter((key) => !set.includes(key))) {
        problems.push(`${k}: required to enable ${name} (the other ${name} settings are set)`);
      }
    }
    return set.length === keys.length;
  };
  const wechatOn = partial(wechatKeys, 'WeChat Pay');
  const alipayOn = partial(alipayKeys, 'Alipay');
  if ((wechatOn || alipayOn) && !raw.PUBLIC_BASE_URL) {
    problems.push('PUBLIC_BASE_URL: required for payment notify URLs when a provider is set');
  }
  if (raw.WECHATPAY_APIV3_KEY && Buffer.byteLength(raw.WECHATPAY_APIV3_KEY) !== 32) {
    problems.push(
      'WECHATPAY_APIV3_KEY: must be exactly 32 bytes (the APIv3 key from the merchant platform)',
    );
  }
  const base = env.source.INIT_CWD ?? process.cwd();
  const readKey = (key: string, file: string | undefined): string => {
    if (!file) return '';
    try {
      const text = fs.readFileSync(path.resolve(base, file), 'utf8').trim();
      if (!text.includes('-----BEGIN')) problems.push(`${key}: ${file} is not a PEM file`);
      return text;
    } catch {
      problems.push(`${key}: cannot read ${file}`);
      return '';
    }
  };
  const publicBaseUrl = (raw.PUBLIC_BASE_URL ?? `http://127.0.0.1:${env.PORT}`).replace(/\/$/, '');
  const wechat: WechatPayConfig | undefined = wechatOn
    ? {
        mchid: raw.WECHATPAY_MCHID!,
        appid: raw.WECHATPAY_APPID!,
        merchantSerial: raw.WECHATPAY_MERCHANT_SERIAL!,
        merchantPrivateKey: readKey(
          'WECHATPAY_MERCHANT_PRIVATE_KEY_FILE',
          raw.WECHATPAY_MERCHANT_PRIVATE_KEY_FILE,
        ),
        apiV3Key: raw.WECHATPAY_APIV3_KEY!,
        publicKey: readKey('WECHATPAY_PUBLIC_KEY_FILE', raw.WECHATPAY_PUBLIC_KEY_FILE),
        publicKeyId: raw.WECHATPAY_PUBLIC_KEY_ID!,
        baseUrl: raw.WECHATPAY_BASE_URL,
        notifyUrl: `${publicBaseUrl}/api/pay/wechat/notify`,
      }
    : undefined;
  const alipay: AlipayConfig | undefined = alipayOn
    ? {
        appId: raw.ALIPAY_APP_ID!,
        privateKey: readKey('ALIPAY_PRIVATE_KEY_FILE', raw.ALIPAY_PRIVATE_KEY_FILE),
        alipayPublicKey: readKey('ALIPAY_PUBLIC_KEY_FILE', raw.ALIPAY_PUBLIC_KEY_FILE),
        gateway: raw.ALIPAY_GATEWAY,
        notifyUrl: `${publicBaseUrl}/api/pay/alipay/notify`,
      }
    : undefined;
  if (problems.length > 0) throw new EnvError(problems);
  // Unasked, the sandbox only stands in when nothing real is configured and the development
  // simulators are on (SIMULATORS, else outside NODE_ENV=production).
  const sandbox =
    raw.PAYMENT_SANDBOX === 'on' ||
    (raw.PAYMENT_SANDBOX !== 'off' && env.simulators.enabled && !wechatOn && !alipayOn);
  return {
    wechat,
    alipay,
    sandbox,
    publicBaseUrl,
    expireMinutes: raw.ORDER_EXPIRE_MINUTES,
    reconcileMs: raw.PAYMENT_RECONCILE_MS,
  };
};
