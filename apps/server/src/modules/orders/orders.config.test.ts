import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../config/env';
import { parsePaymentsConfig } from './orders.config';

const parse = (vars: Record<string, string>, simulators = true) => {
  const env = loadEnv({ DATA_DIR: os.tmpdir(), ...vars });
  return parsePaymentsConfig({ ...env, simulators: { enabled: simulators, forced: false } });
};

const problemsOf = (vars: Record<string, string>): string[] => {
  try {
    parse(vars);
  } catch (err) {
    if (err instanceof EnvError) return err.problems;
    throw err;
  }
  return [];
};

describe('payments configuration', () => {
  it('offers the sandbox only without providers and while the simulators are on', () => {
    expect(parse({}).sandbox).toBe(true);
    // As with NODE_ENV=production or SIMULATORS=off:
    expect(parse({}, false).sandbox).toBe(false);
    expect(parse({ PAYMENT_SANDBOX: 'on' }, false).sandbox).toBe(true);
    expect(parse({ PAYMENT_SANDBOX: 'off' }).sandbox).toBe(false);
    expect(parse({}).expireMinutes).toBe(15);
  });

  it('stops the boot naming every missing variable of a half-configured provider', () => {
    const problems = problemsOf({ WECHATPAY_MCHID: '1900000109', ALIPAY_APP_ID: '2021' });
    expect(problems.join('\n')).toContain('WECHATPAY_APIV3_KEY: required');
    expect(problems.join('\n')).toContain('WECHATPAY_PUBLIC_KEY_ID: required');
    expect(problems.join('\n')).toContain('ALIPAY_PRIVATE_KEY_FILE: required');
    expect(problems.join('\n')).toContain('ALIPAY_PUBLIC_KEY_FILE: required');
    expect(problems.some((p) => p.startsWith('WECHATPAY_MCHID'))).toBe(false);
  });

  it('refuses unreadable key files, a short APIv3 key and a missing PUBLIC_BASE_URL', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'huijing-keycfg-'));
    const notPem = path.join(dir, 'x.txt');
    fs.writeFileSync(notPem, 'hello');
    const problems = problemsOf({
      ALIPAY_APP_ID: '2021',
      ALIPAY_PRIVATE_KEY_FILE: path.join(dir, 'missing.pem'),
      ALIPAY_PUBLIC_KEY_FILE: notPem,
      WECHATPAY_APIV3_KEY: 'short',
    });
    const text = problems.join('\n');
    expect(text).toContain('ALIPAY_PRIVATE_KEY_FILE: cannot read');
    expect(text).toContain('ALIPAY_PUBLIC_KEY_FILE');
    expect(text).toContain('WECHATPAY_APIV3_KEY: must be exactly 32 bytes');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
