import { maskPhone } from '@huijing/contracts';
import type { SmsPurpose } from '@huijing/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../../config/clock';
import { DAY, HOUR, MINUTE, SECOND, addMs } from '../../config/clock';
import { newId } from '../../db/ids';
import { AppError } from '../../http/app-error';
import type { SmsProvider } from '../../providers/sms';
import type { CaptchaService } from './captcha.service';
import { hmacHex, randomCode, safeEqual } from './secrets';
import type { SmsCodesRepository } from './sms-codes.repository';

/** The rules for codes and sends; the 60 s is spec §9's countdown. */
export const SMS_RULES = {
  codeTtlMs: 5 * MINUTE,
  maxWrongAttempts: 5,
  resendAfterMs: 60 * SECOND,
  perPhonePerHour: 5,
  perPhonePerDay: 10,
} as const;

export type SmsService = ReturnType<typeof createSmsService>;

export const createSmsService = (deps: {
  repo: SmsCodesRepository;
  provider: SmsProvider;
  captcha: CaptchaService;
  secret: () => Promise<string>;
  ipCaptchaAfter: number;
  ipHourlyLimit: number;
  now: Clock;
  logger: Logger;
}) => {
  const { repo, now } = deps;
  // Keyed by the server secret and bound to phone and purpose: a leaked table cannot be brute
  // forced offline (10^6 codes), and a login code never verifies a phone binding.
  const hashCode = async (phone: string, purpose: SmsPurpose, code: string) =>
    hmacHex(await deps.secret(), `sms:${purpose}:${phone}:${code}`);

  /**
   * The limits are counted in SQL after this send is logged, so concurrent sends cannot slip past
   * a limit together (at worst both are refused). A refused send removes its own log row.
   */
  const checkLimits = async (phone: string, ip: string, at: Date, captchaToken?: string) => {
    const iso = (ms: number) => addMs(at, -ms).toISOString();
    const lastDay = await repo.phoneSendsSince(phone, iso(DAY));
    const lastMinute = lastDay.filter((t) => t > iso(SMS_RULES.resendAfterMs));
    if (lastMinute.length > 1) {
      const waitMs = Date.parse(lastMinute[0]!) + SMS_RULES.resendAfterMs - at.getTime();
      return new AppError('SMS_TOO_FREQUENT', {
        data: { resendAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
      });
    }
    if (lastDay.filter((t) => t > iso(HOUR)).length > SMS_RULES.perPhonePerHour) {
      return new AppError('SMS_HOURLY_LIMIT');
    }
    if (lastDay.length > SMS_RULES.perPhonePerDay) return new AppError('SMS_DAILY_LIMIT');
    const fromIp = await repo.countIpSendsSince(ip, iso(HOUR));
    if (fromIp > deps.ipHourlyLimit) return new AppError('SMS_IP_LIMIT');
    if (fromIp > deps.ipCaptchaAfter) {
      if (!captchaToken) return new AppError('CAPTCHA_REQUIRED');
      if (!(await deps.captcha.consume(captchaToken))) return new AppError('CAPTCHA_INVALID');
    }
    return undefined;
  };

  return {
    /**
     * Same answer whether or not the phone has an account: registration is never revealed here.
     */
    async send(input: {
      phone: string;
      purpose: SmsPurpose;
      ip: string;
      captchaToken?: string;
    }): Promise<{ resendAfterSeconds: number }> {
      const { phone, purpose, ip } = input;
      const at = now();
      const logId = newId();
      await repo.logSend({ id: logId, phone, ip, at: at.toISOString() });
      const refused = await checkLimits(phone, ip, at, input.captchaToken);
      if (refused) {
        await repo.deleteSend(logId);
        deps.logger.info({ phone: maskPhone(phone), reason: refused.key }, 'SMS send refused');
        throw refused;
      }

      const code = randomCode();
      const codeId = newId();
      await repo.supersedeCodes(phone, purpose, at.toISOString());
      await repo.insertCode({
        id: codeId,
        phone,
        purpose,
        codeHash: await hashCode(phone, purpose, code),
        createdAt: at.toISOString(),
        expiresAt: addMs(at, SMS_RULES.codeTtlMs).toISOString(),
      });
      try {
        await deps.provider.send({ phone, code, purpose });
      } catch (err) {
        // The send stays logged (it counts toward the limits) but the code is dead.
        await repo.invalidateCode(codeId, now().toISOString());
        const reason = (err instanceof Error ? err.message : String(err)).replaceAll(
          code,
          '******',
        );
        deps.logger.error(
          { provider: deps.provider.name, phone: maskPhone(phone), reason: reason.slice(0, 300) },
          'SMS provider failed',
        );
        throw new AppError('SMS_SEND_FAILED');
      }
      deps.logger.info(
        { phone: maskPhone(phone), purpose, provider: deps.provider.name },
        'SMS code sent',
      );
      return { resendAfterSeconds: SMS_RULES.resendAfterMs / 1000 };
    },

    /** Consumes the live code for this phone and purpose, or throws CODE_INVALID / CODE_EXHAUSTED. */
    async verify(phone: string, purpose: SmsPurpose, code: string): Promise<void> {
      const at = now().toISOString();
      const live = await repo.findLiveCode(phone, purpose, at);
      if (!live) throw new AppError('CODE_INVALID');
      if (!safeEqual(await hashCode(phone, purpose, code), live.codeHash)) {
        const attempts = await repo.recordWrongAttempt(live.id, SMS_RULES.maxWrongAttempts, at);
        if (attempts >= SMS_RULES.maxWrongAttempts) throw new AppError('CODE_EXHAUSTED');
        throw new AppError('CODE_INVALID', {
          data: { attemptsLeft: SMS_RULES.maxWrongAttempts - attempts },
        });
      }
      if (!(await repo.consumeCode(live.id, at))) throw new AppError('CODE_INVALID');
    },
  };
};
