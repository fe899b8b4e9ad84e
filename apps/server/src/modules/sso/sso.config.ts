import { z } from 'zod';
import { parseAreaEnv } from '../../config/area-env';
import type { Env } from '../../config/env';
import { publicBaseUrlOf } from '../../config/simulators';

/** One allowed service: an origin (any path on it) or an origin with a path prefix. */
export type AllowedService = { origin: string; pathPrefix: string };

const parseEntry = (entry: string): AllowedService | undefined => {
  if (!/^https?:\/\/[^/\s]+/i.test(entry) || !URL.canParse(entry)) return undefined;
  const url = new URL(entry);
  if (url.search || url.hash || url.username || url.password) return undefined;
  return { origin: url.origin, pathPrefix: url.pathname };
};

const ssoEnvSchema = z.object({
  CAS_ALLOWED_SERVICES: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every((e) => parseEntry(e)), {
      message:
        'must be comma-separated http(s) origins or URL prefixes, e.g. https://case.example.com,https://linggan.example.com/login/',
    })
    .optional(),
});

/**
 * The services single sign-on issues tickets for (CAS_ALLOWED_SERVICES); unset: the app's own
 * origin (PUBLIC_BASE_URL, else the loopback origins on PORT). Anything else could collect a
 * signed-in user's ticket and sign in as them.
 */
export const allowedServicesOf = (env: Env): AllowedService[] => {
  const configured = parseAreaEnv(env, ssoEnvSchema).CAS_ALLOWED_SERVICES;
  const own = publicBaseUrlOf(env);
  const entries =
    configured ?? (own ? [own] : [`http://127.0.0.1:${env.PORT}`, `http://localhost:${env.PORT}`]);
  return entries.map((e) => parseEntry(e)!);
};

/**
 * Whether `service` is one of the allowed: an http(s) URL on an allowed origin whose path starts
 * with the entry's path (an entry without a path allows the whole origin).
 */
export const isAllowedService = (allowed: readonly AllowedService[], service: string): boolean => {
  if (!/^https?:\/\//i.test(service) || !URL.canParse(service)) return false;
  const url = new URL(service);
  if (url.username || url.password) return false;
  return allowed.some((a) => a.origin === url.origin && url.pathname.startsWith(a.pathPrefix));
};
