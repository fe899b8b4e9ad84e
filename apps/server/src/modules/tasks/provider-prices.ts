import { z } from 'zod';
import type { ProviderCallRecord, ProviderCallSink } from '../../engines/provider-calls';
import type { ProviderCallsRepository } from './provider-calls.repository';

/**
 * Unit prices of the hosted models, yuan per unit (picture, second of video, or token, as the
 * model bills), overridable per model with HOSTED_PRICES (JSON `{"model": "0.14"}`). Defaults
 * from the providers' Beijing price pages; those marked unconfirmed were read from copies.
 */
export const defaultHostedPrices: Record<string, string> = {
  // help.aliyun.com/zh/model-studio/wanx-image-edit: 0.14 元/张.
  'wanx2.1-imageedit': '0.14',
  // Unconfirmed: 0.20 元/张.
  'wan2.2-t2i-plus': '0.2',
  // Unconfirmed: 480P per second; 1080P costs more, set HOSTED_PRICES when serving it.
  'wan2.2-i2v-plus': '0.14',
  'wan2.2-t2v-plus': '0.14',
  // Unconfirmed: per second.
  'wan2.2-kf2v-flash': '0.1',
  // Unconfirmed (reseller copies): 0.2 元/张.
  'doubao-seedream-4-0-250828': '0.2',
  // Unconfirmed: 15 元 per million tokens.
  'doubao-seedance-1-0-pro-250528': '0.000015',
};

const MICRO = 1_000_000;

/** "0.14" → 140000: a decimal of at most six places, as an exact integer of micro-yuan. */
export const microYuan = (yuan: string): number => {
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(yuan.trim());
  if (!m) throw new Error(`not a price in yuan with at most 6 decimals: ${yuan}`);
  return Number(m[1]) * MICRO + Number((m[2] ?? '').padEnd(6, '0'));
};

const priceSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v))
  .refine((v) => /^\d+(\.\d{1,6})?$/.test(v.trim()), '单价须为不超过 6 位小数的元数');

export const hostedPricesEnvSchema = z.object({
  HOSTED_PRICES: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return {};
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON: {"model": "yuan per unit"}' });
        return z.NEVER;
      }
      const parsed = z.record(z.string(), priceSchema).safeParse(json);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'bad price' });
        return z.NEVER;
      }
      return parsed.data;
    }),
});

/** Micro-yuan per unit by model: the defaults, then the operator's prices. */
export const priceTable = (overrides: Record<string, string>): Map<string, number> =>
  new Map(
    Object.entries({ ...defaultHostedPrices, ...overrides }).map(([model, yuan]) => [
      model,
      microYuan(yuan),
    ]),
  );

/**
 * What a call cost: units × unit price, only for a call that succeeded (a failed or canceled
 * one is not billed). Units are whole pictures, seconds or tokens in practice; a fraction is
 * rounded to the micro-yuan.
 */
export const costOf = (call: ProviderCallRecord, prices: Map<string, number>) => {
  const unitPriceMicro = prices.get(call.model) ?? 0;
  const costMicro = call.status === 'succeeded' ? Math.round(call.units * unitPriceMicro) : 0;
  return { unitPriceMicro, costMicro };
};

/** The sink the hosted engines report to: priced and stored, one row per call. */
export const createProviderCallSink = (deps: {
  repo: ProviderCallsRepository;
  prices: Map<string, number>;
  now: () => Date;
  onError: (err: unknown, call: ProviderCallRecord) => void;
}): ProviderCallSink => {
  return async (call) => {
    try {
      await deps.repo.insertCall({
        taskId: call.taskId,
        toolId: call.toolId,
        provider: call.provider,
        model: call.model,
        status: call.status,
        unit: call.unit,
        units: call.units,
        ...costOf(call, deps.prices),
        requestId: call.requestId ?? null,
        providerTaskId: call.providerTaskId ?? null,
        errorCode: call.errorCode ?? null,
        createdAt: deps.now().toISOString(),
      });
    } catch (err) {
      deps.onError(err, call);
    }
  };
};
