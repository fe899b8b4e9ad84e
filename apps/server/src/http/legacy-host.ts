import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../config/env';

/**
 * Spec §2: a visit on the legacy host goes to the newer host with the same path and query.
 * Returns null when no redirect is configured, so no hook is installed at all.
 */
export const legacyHostRedirect = (env: Pick<Env, 'LEGACY_HOSTS' | 'CANONICAL_HOST'>) => {
  const canonical = env.CANONICAL_HOST;
  if (env.LEGACY_HOSTS.length === 0 || !canonical) return null;
  const legacy = new Set(env.LEGACY_HOSTS);
  const fixedOrigin = /^https?:\/\//.test(canonical) ? canonical : null;

  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const hostWithPort = request.host.toLowerCase();
    if (!legacy.has(hostWithPort) && !legacy.has(request.hostname.toLowerCase())) return;
    const origin = fixedOrigin ?? `${request.protocol}://${canonical}`;
    // 301 for page loads as the spec asks; 308 for other methods so a POST stays a POST with its
    // body (browsers turn a 301 POST into a GET).
    const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
    await reply.redirect(`${origin}${request.url}`, status);
  };
};
