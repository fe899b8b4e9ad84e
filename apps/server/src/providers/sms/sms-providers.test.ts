import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/helper';
import { createAliyunSmsProvider } from './aliyun.sms-provider';
import { createOutboxSmsProvider } from './outbox.sms-provider';
import { parseEndpoint } from './sms.provider';
import { createTencentSmsProvider } from './tencent.sms-provider';

type Captured = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

/** A stand-in for the cloud API on 127.0.0.1 that records what the SDK really sent. */
const fakeCloud = () => {
  const requests: Captured[] = [];
  let reply: unknown = {};
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(reply));
    });
  });
  return {
    requests,
    reply: (value: unknown) => {
      reply = value;
    },
    start: () => new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r())),
    endpoint: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
};

describe('SMS providers', () => {
  const cloud = fakeCloud();
  beforeAll(() => cloud.start());
  afterAll(() => cloud.stop());

  it('splits endpoints into protocol and host', () => {
    expect(parseEndpoint('http://127.0.0.1:9000')).toEqual({
      protocol: 'http',
      host: '127.0.0.1:9000',
    });
    expect(parseEndpoint('dysmsapi.aliyuncs.com')).toEqual({
      protocol: 'https',
      host: 'dysmsapi.aliyuncs.com',
    });
  });

  it('aliyun: sends SendSms with phone, sign, template and the code, signed with ACS3', async () => {
    cloud.reply({ Code: 'OK', Message: 'OK', BizId: 'b1', RequestId: 'r1' });
    const provider = createAliyunSmsProvider({
      provider: 'aliyun',
      accessKeyId: 'LTAI-test-key',
      accessKeySecret: 'test-secret',
      signName: '绘境',
      templateCode: 'SMS_123456789',
      endpoint: cloud.endpoint(),
    });
    await provider.send({ phone: '13800138000', code: '482913', purpose: 'login' });
    const req = cloud.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.headers['x-acs-action']).toBe('SendSms');
    expect(req.headers['x-acs-version']).toBe('2017-05-25');
    const query = new URL(req.url, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      PhoneNumbers: '13800138000',
      SignName: '绘境',
      TemplateCode: 'SMS_123456789',
      TemplateParam: '{"code":"482913"}',
    });
    expect(req.headers.authorization).toMatch(
      /^ACS3-HMAC-SHA256 Credential=LTAI-test-key,SignedHeaders=[a-z0-9;-]+,Signature=[0-9a-f]{64}$/,
    );
  });

  it('aliyun: a refusal in the body is an error', async () => {
    cloud.reply({ Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: 'bad number', RequestId: 'r2' });
    const provider = createAliyunSmsProvider({
      provider: 'aliyun',
      accessKeyId: 'k',
      accessKeySecret: 's',
      signName: '绘境',
      templateCode: 'SMS_1',
      endpoint: cloud.endpoint(),
    });
    await expect(
      provider.send({ phone: '13800138000', code: '111111', purpose: 'login' }),
    ).rejects.toThrow(/isv.MOBILE_NUMBER_ILLEGAL/);
  });

  it('tencent: sends SendSms with +86 phone, app id, sign, template and the code, signed with TC3', async () => {
    cloud.reply({
      Response: {
        SendStatusSet: [{ Code: 'Ok', Message: 'send success', PhoneNumber: '+8613800138000' }],
        RequestId: 'r3',
      },
    });
    const provider = createTencentSmsProvider({
      provider: 'tencent',
      secretId: 'AKID-test',
      secretKey: 'test-key',
      sdkAppId: '1400000001',
      signName: '绘境',
      templateId: '1234567',
      region: 'ap-guangzhou',
      endpoint: cloud.endpoint(),
    });
    await provider.send({ phone: '13800138000', code: '705512', purpose: 'bindPhone' });
    const req = cloud.requests.at(-1)!;
    expect(req.headers['x-tc-action']).toBe('SendSms');
    expect(req.headers['x-tc-version']).toBe('2021-01-11');
    expect(req.headers['x-tc-region']).toBe('ap-guangzhou');
    expect(JSON.parse(req.body)).toEqual({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: '1400000001',
      SignName: '绘境',
      TemplateId: '1234567',
      TemplateParamSet: ['705512'],
    });
    expect(req.headers.authorization).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKID-test\/\d{4}-\d{2}-\d{2}\/[^/]+\/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$/,
    );
  });

  it('tencent: a per-number failure status is an error', async () => {
    cloud.reply({
      Response: {
        SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'limit' }],
        RequestId: 'r4',
      },
    });
    const provider = createTencentSmsProvider({
      provider: 'tencent',
      secretId: 'a',
      secretKey: 'b',
      sdkAppId: '1',
      signName: 's',
      templateId: 't',
      region: 'ap-guangzhou',
      endpoint: cloud.endpoint(),
    });
    await expect(
      provider.send({ phone: '13800138000', code: '111111', purpose: 'login' }),
    ).rejects.toThrow(/PhoneNumberDailyLimit/);
  });

  it('outbox: appends one JSON line per message and logs the file, not the code', async () => {
    const dir = await makeTempDir();
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });
    const provider = createOutboxSmsProvider({
      dataDir: dir,
      logger,
      now: () => new Date('2026-03-02T08:00:00.000Z'),
    });
    await provider.send({ phone: '13800138000', code: '123987', purpose: 'login' });
    await provider.send({ phone: '13900139000', code: '555444', purpose: 'bindPhone' });
    const text = await fs.readFile(path.join(dir, 'outbox', 'sms.jsonl'), 'utf8');
    expect(
      text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([
      { phone: '13800138000', code: '123987', purpose: 'login', at: '2026-03-02T08:00:00.000Z' },
      {
        phone: '13900139000',
        code: '555444',
        purpose: 'bindPhone',
        at: '2026-03-02T08:00:00.000Z',
      },
    ]);
    const log = lines.join('');
    expect(log).toContain(provider.file);
    expect(log).not.toContain('123987');
    expect(log).not.toContain('13800138000');
    await fs.rm(dir, { recursive: true, force: true });
  });
});
