import { describe, expect, it } from 'vitest';
import {
  costOf,
  defaultHostedPrices,
  hostedPricesEnvSchema,
  microYuan,
  priceTable,
} from './provider-prices';

const call = {
  taskId: 'T',
  toolId: 'indoor',
  provider: 'ark' as const,
  model: 'doubao-seedance-1-0-pro-250528',
  status: 'succeeded' as const,
  units: 246_000,
  unit: 'token' as const,
};

describe('hosted unit prices', () => {
  it('reads yuan as exact micro-yuan', () => {
    expect(microYuan('0.14')).toBe(140_000);
    expect(microYuan('0.000015')).toBe(15);
    expect(microYuan('12')).toBe(12_000_000);
    expect(() => microYuan('0.0000001')).toThrow();
    expect(() => microYuan('-1')).toThrow();
  });

  it('every default parses', () => {
    for (const yuan of Object.values(defaultHostedPrices))
      expect(microYuan(yuan)).toBeGreaterThan(0);
  });

  it('HOSTED_PRICES overrides per model; a bad one stops the boot', () => {
    const env = hostedPricesEnvSchema.parse({
      HOSTED_PRICES: '{"doubao-seedance-1-0-pro-250528": 0.00001, "my-model": "1.5"}',
    });
    const prices = priceTable(env.HOSTED_PRICES);
    expect(prices.get('doubao-seedance-1-0-pro-250528')).toBe(10);
    expect(prices.get('my-model')).toBe(1_500_000);
    expect(prices.get('wanx2.1-imageedit')).toBe(140_000);
    expect(hostedPricesEnvSchema.safeParse({ HOSTED_PRICES: 'nope' }).success).toBe(false);
    expect(hostedPricesEnvSchema.safeParse({ HOSTED_PRICES: '{"m": "0.1234567"}' }).success).toBe(
      false,
    );
    expect(hostedPricesEnvSchema.parse({}).HOSTED_PRICES).toEqual({});
  });

  it('only a call that succeeded costs; an unpriced model costs 0', () => {
    const prices = priceTable({});
    // 246 000 tokens × 15 µ¥ = 3.69 yuan, exactly.
    expect(costOf(call, prices)).toEqual({ unitPriceMicro: 15, costMicro: 3_690_000 });
    expect(costOf({ ...call, status: 'failed' }, prices).costMicro).toBe(0);
    expect(costOf({ ...call, model: 'unknown' }, prices)).toEqual({
      unitPriceMicro: 0,
      costMicro: 0,
    });
  });
});
