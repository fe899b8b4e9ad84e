import { z } from 'zod';
import { parseAreaEnv } from './area-env';
import { EnvError } from './env';
import type { Env } from './env';

/**
 * The development simulators (issue 12, security review finding 6): the SMS outbox, the WeChat
 * QR simulator and the face-verification simulator let anyone sign in as anyone, so they run
 * only in development (SIMULATORS unset and NODE_ENV not production, or SIMULATORS=on), and a
 * server listening beyond loopback refuses to boot with any of them on unless SIMULATORS=force.
 */
export const activeSimulators = (env: Env): string[] => [
  ...(env.sms.provider === 'outbox' ? ['SMS outbox (DATA_DIR/outbox/sms.jsonl)'] : []),
  ...(env.wechat.provider === 'simulator' ? ['WeChat QR simulator (/api/wx/simulator)'] : []),
  ...(env.simulators.enabled ? ['face verification simulator (/api/user/face/simulator)'] : []),
];

/** Loopback only: 127.0.0.0/8, ::1 and localhost. */
export const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' ||
  host === '::1' ||
  host === '[::1]' ||
  /^127(\.\d{1,3}){3}$/.test(host) ||
  /^::ffff:127(\.\d{1,3}){3}$/i.test(host);

/**
 * Boot check for a process that serves HTTP: throws (the boot stops, naming the variables) when a
 * simulator would be reachable from other machines; returns the banner line naming the
 * simulators that are on, or undefined when none is.
 */
export const checkSimulators = (env: Env): string | undefined => {
  const on = activeSimulators(env);
  if (on.length === 0) return undefined;
  if (!isLoopbackHost(env.HOST) && !env.simulators.forced) {
    throw new EnvError([
      `SIMULATORS: development simulators are on (${on.join(', ')}) while HOST=${env.HOST} listens beyond this machine; ` +
        'configure SMS_PROVIDER and WECHAT_PROVIDER=mp (or off) and set NODE_ENV=production or SIMULATORS=off, ' +
        'listen on 127.0.0.1, or set SIMULATORS=force for a closed test network',
    ]);
  }
  return `development simulators ON — anyone who can reach this server can sign in as any user: ${on.join('; ')}`;
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
