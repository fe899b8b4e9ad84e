import type { Logger } from 'pino';
import type { Clock } from '../../config/clock';
import type { Env } from '../../config/env';
import { createAliyunSmsProvider } from './aliyun.sms-provider';
import { createOutboxSmsProvider } from './outbox.sms-provider';
import type { SmsProvider } from './sms.provider';
import { createTencentSmsProvider } from './tencent.sms-provider';

export type { SmsProvider, SmsMessage } from './sms.provider';

export const createSmsProvider = (
  env: Pick<Env, 'sms' | 'DATA_DIR'>,
  deps: { logger: Logger; now: Clock },
): SmsProvider => {
  switch (env.sms.provider) {
    case 'aliyun':
      return createAliyunSmsProvider(env.sms);
    case 'tencent':
      return createTencentSmsProvider(env.sms);
    case 'outbox':
      return createOutboxSmsProvider({ dataDir: env.DATA_DIR, ...deps });
  }
};
