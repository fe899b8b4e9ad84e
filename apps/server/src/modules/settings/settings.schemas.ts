import { clientReleasesSchema } from '@huijing/contracts';
import { z } from 'zod';

/**
 * Business settings kept in the database (ARCHITECTURE rule 9), one schema per key. Reading
 * parses against the schema, so a hand-edited row that no longer fits is caught at the edge
 * instead of deep inside a feature.
 */
/** Name and benefits shown for each VIP tier (getVipInfo). */
export const vipTierSettingSchema = z.object({
  name: z.string().min(1),
  benefits: z.array(z.string()),
});

export const settingSchemas = {
  /** A site-wide notice shown by the web app; empty means none. */
  'site.notice': z.string(),
  /** Desktop client downloads for /client. */
  'client.downloads': clientReleasesSchema,
  'vip.tiers': z.object({
    none: vipTierSettingSchema,
    vip: vipTierSettingSchema,
    svip: vipTierSettingSchema,
  }),
} as const;

export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingSchemas)[K]>;

export const defaultSettings: { [K in SettingKey]: SettingValue<K> } = {
  'site.notice': '',
  'client.downloads': [],
  'vip.tiers': {
    none: { name: '普通用户', benefits: ['注册赠送渲染次数', '标准排队'] },
    vip: {
      name: 'VIP 会员',
      benefits: ['每日赠送渲染次数', '优先排队', '高清下载', '无水印下载'],
    },
    svip: {
      name: 'SVIP 会员',
      benefits: ['更多每日赠送次数', '最高优先级排队', '超清下载', '无水印下载', '专属客服'],
    },
  },
};
