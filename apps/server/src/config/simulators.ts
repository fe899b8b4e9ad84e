import { z } from 'zod';
import { parseAreaEnv } from './area-env';
import { EnvError } from './env';
import type { Env } from './env';

/**
 * The development simulators and test paths (security review finding 6): the SMS outbox, the
 * WeChat QR simulator, the face-verification simulator and the test login let anyone sign in as
 * anyone, the payment sandbox credits tickets and VIP without money. The simulators run only in
 * development (SIMULATORS unset and NODE_ENV not production, or SIMULATORS=on), the test login
 * only with TEST_LOGIN=on, and a server listening beyond loopback refuses to boot with any of them
 * on unless SIMULATORS=force.
 */
export type ActiveSimulator = {
  /** The variable that turns it on, named by the boot refusal. */
  variable: string;
  what: string;
  /** How to turn it off, for the boot refusal. */
  off: string;
};

const simulatorsOff =
  'configure SMS_PROVIDER and WECHAT_PROVIDER=mp (or off) and set NODE_ENV=production or SIMULATORS=off';

const simulator = (what: string): ActiveSimulator => ({
  variable: 'SIMULATORS',
  what,
  off: simulatorsOff,
});

export const activeSimulators = (env: Env): ActiveSimulator[] => [
  ...(env.sms.provider === 'outbox' ? [simulator('SMS outbox (DATA_DIR/outbox/sms.jsonl)')] : []),
  ...(env.wechat.provider === 'simulator'
    ? [simulator('WeChat QR simulator (/api/wx/simulator)')]
    : []),
  ...(env.simulators.enabled
    ? [simulator('face verification simulator (/api/user/face/simulator)')]
    : []),
  ...(env.testLogin
    ? [
        {
          variable: 'TEST_LOGIN',
          what: 'test login (/api/test/testlogin)',
          off: 'set TEST_LOGIN=off',
        },
      ]
    : []),
];

/**
 * The payment sandbox credits tickets and VIP without money. Its default follows SIMULATORS
 * (orders.config.ts), which the list above already refuses beyond loopback; PAYMENT_SANDBOX=on
 * turns it on by itself.
 */
const paymentSandbox = (env: Env): ActiveSimulator[] =>
  env.source.PAYMENT_SANDBOX === 'on'
    ? [
        {
          variable: 'PAYMENT_SANDBOX',
          what: 'payment sandbox (/api/pay/sandbox credits tickets and VIP without payment)',
          off: 'set PAYMENT_SANDBOX=off',
        },
      ]
    : [];

/** Loopback only: 127.0.0.0/8, ::1 and localhost. */
export const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' ||
  host === '::1' ||
  host === '[::1]' ||
  /^127(\.\d{1,3}){3}$/.test(host) ||
  /^::ffff:127(\.\d{1,3}){3}$/i.test(host);

/**
 * Throws (the boot stops, one problem per variable) when any of these would be reachable from
 * other machines, unless SIMULATORS=force.
 */
const refuseBeyondLoopback = (env: Env, on: readonly ActiveSimulator[]): void => {
  if (on.length === 0 || isLoopbackHost(env.HOST) || env.simulators.forced) return;
  const variables = [...new Set(on.map((s) => s.variable))];
  throw new EnvError(
    variables.map((variable) => {
      const mine = on.filter((s) => s.variable === variable);
      return (
        `${variable}: ${mine.map((s) => s.what).join(', ')} ${mine.length > 1 ? 'are' : 'is'} on ` +
        `while HOST=${env.HOST} listens beyond this machine; ${mine[0]!.off}, ` +
        'listen on 127.0.0.1, or set SIMULATORS=force for a closed test network'
      );
    }),
  );
};

/**
 * Boot check for a process that serves HTTP: throws (the boot stops, naming the variables) when a
 * simulator would be reachable from other machines; returns the banner line naming the
 * simulators that are on, or undefined when none is.
 */
export const checkSimulators = (env: Env): string | undefined => {
  const on = activeSimulators(env);
  refuseBeyondLoopback(env, [...on, ...paymentSandbox(env)]);
  if (on.length === 0) return undefined;
  return `development simulators ON — anyone who can reach this server can sign in as any user: ${on.map((s) => s.what).join('; ')}`;
};

const securityEnvSchema = z.object({
  PUBLIC_BASE_URL: z
    .string()
    .refine((v) => /^https?:\/\/[^/\s]+\/?$/i.test(v) && URL.canParse(v), {
      message: 'must be the site origin, e.g. https://huijing.example.com',
    })
    .transform((v) => v.replace(/\/$/, ''))
    .optional(),
});

/** The site's public origin for links the server hands out (QR codes); unset: same-site paths. */
export const publicBaseUrlOf = (env: Env): string | undefined =>
  parseAreaEnv(env, securityEnvSchema).PUBLIC_BASE_URL;
