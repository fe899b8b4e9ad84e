import tencentcloud from 'tencentcloud-sdk-nodejs-sms';
import type { SmsConfig } from '../../config/env';
import { parseEndpoint } from './sms.provider';
import type { SmsProvider } from './sms.provider';

type TencentConfig = Extract<SmsConfig, { provider: 'tencent' }>;

/** Tencent Cloud SMS (2021-01-11 SendSms) through the official SDK; the template's {1} is the code. */
export const createTencentSmsProvider = (config: TencentConfig): SmsProvider => {
  const { protocol, host } = parseEndpoint(config.endpoint);
  const client = new tencentcloud.sms.v20210111.Client({
    credential: { secretId: config.secretId, secretKey: config.secretKey },
    region: config.region,
    profile: { httpProfile: { endpoint: host, protocol: `${protocol}://`, reqTimeout: 10 } },
  });
  return {
    name: 'tencent',
    async send({ phone, code }) {
      const response = await client.SendSms({
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: config.sdkAppId,
        SignName: config.signName,
        TemplateId: config.templateId,
        TemplateParamSet: [code],
      });
      const status = response.SendStatusSet?.[0];
      // Tencent answers HTTP 200 with a per-number status; "Ok" is the only success.
      if (status?.Code !== 'Ok') {
        throw new Error(
          `tencent SendSms refused: ${status?.Code ?? 'no status'} ${status?.Message ?? ''}`,
        );
      }
    },
  };
};
