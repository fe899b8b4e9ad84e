import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import type { SmsConfig } from '../../config/env';
import { parseEndpoint } from './sms.provider';
import type { SmsProvider } from './sms.provider';

type AliyunConfig = Extract<SmsConfig, { provider: 'aliyun' }>;

// The package is CommonJS with `exports.default = Client`; under ESM interop the class may sit
// one level deeper.
const Client = ((Dysmsapi as unknown as { default?: typeof Dysmsapi }).default ??
  Dysmsapi) as typeof Dysmsapi;

/** Aliyun SMS (dysmsapi 2017-05-25 SendSms) through the official SDK; the template takes ${code}. */
export const createAliyunSmsProvider = (config: AliyunConfig): SmsProvider => {
  const { protocol, host } = parseEndpoint(config.endpoint);
  const client = new Client(
    new $OpenApiUtil.Config({
      accessKeyId: config.accessKeyId,
      accessKeySecret: config.accessKeySecret,
      endpoint: host,
      protocol,
    }),
  );
  return {
    name: 'aliyun',
    async send({ phone, code }) {
      const response = await client.sendSms(
        new SendSmsRequest({
          phoneNumbers: phone,
          signName: config.signName,
          templateCode: config.templateCode,
          templateParam: JSON.stringify({ code }),
        }),
      );
      const body = response.body;
      if (body?.code !== 'OK') {
        throw new Error(
          `aliyun SendSms refused: ${body?.code ?? 'no code'} ${body?.message ?? ''}`,
        );
      }
    },
  };
};
