import type { Clock } from '../../config/clock';
import type { Env } from '../../config/env';
import { createMpQrProvider } from './mp.wechat-provider';
import { createSimulatorQrProvider } from './wechat.provider';
import type { WechatQrProvider } from './wechat.provider';

export type { WechatQrProvider } from './wechat.provider';

export const createWechatQrProvider = (
  env: Pick<Env, 'wechat'>,
  deps: { now: Clock },
): WechatQrProvider =>
  env.wechat.provider === 'mp' ? createMpQrProvider(env.wechat, deps) : createSimulatorQrProvider();
