import { describe, expect, it } from 'vitest';
import { maskPhone, phoneNoSchema, smsLoginBodySchema, verifyCodeSchema } from './auth';

describe('phone numbers', () => {
  it.each([
    ['13800138000', '13800138000'],
    ['+86 138 0013 8000', '13800138000'],
    ['8619912345678', '19912345678'],
    ['0086-166-1234-5678', '16612345678'],
  ])('accepts %s', (raw, normal) => {
    expect(phoneNoSchema.parse(raw)).toBe(normal);
  });

  it.each(['12800138000', '1380013800', '138001380001', '+1 4155550100', 'abc', ''])(
    'refuses %s with a Chinese message',
    (raw) => {
      const r = phoneNoSchema.safeParse(raw);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/手机号/);
    },
  );

  it('masks the middle four digits', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
  });
});

describe('codes and login body', () => {
  it('wants exactly six digits', () => {
    expect(verifyCodeSchema.safeParse('123456').success).toBe(true);
    expect(verifyCodeSchema.safeParse('12345').success).toBe(false);
    expect(verifyCodeSchema.safeParse('12345a').success).toBe(false);
  });

  it('defaults type and agreement', () => {
    const body = smsLoginBodySchema.parse({ phoneNo: '13800138000', verifyCode: '123456' });
    expect(body).toMatchObject({ type: 1, agreement: true });
  });
});
