import type { AdminRole } from '@huijing/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { TOKEN_PREFIX } from './secrets';
import type { SessionLookup, SessionsService } from './sessions.service';

export type { AdminRole };
export type UserAuth = { userId: string; sessionId: string };
export type AdminAuth = { adminId: string; role: AdminRole; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    userAuth?: UserAuth;
    adminAuth?: AdminAuth;
  }
}

/**
 * Spec §7: requests carry the token in the satoken header, and only there. A `?satoken=` link
 * is for the web app's first load (spec §2), which moves it into storage; on the API it would let
 * any link or embedded image act as its owner, and no client sends it there (the task stream is
 * read with fetch and the header, files use signed links).
 */
export const sessionToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.satoken;
  return typeof header === 'string' && header.trim() !== '' ? header.trim() : undefined;
};

const failure = (lookup: Extract<SessionLookup, { ok: false }>): AppError =>
  lookup.reason === 'ended' ? new AppError('SESSION_EXPIRED') : new AppError('UNAUTHORIZED');

export type AuthGuards = ReturnType<typeof createAuthGuards>;

/**
 * onRequest hooks, so authentication is decided before the body is parsed or validated: an
 * anonymous caller learns nothing about a protected route's schema.
 */
export const createAuthGuards = (deps: {
  sessions: SessionsService;
  loadUser: (id: string) => Promise<{ disabled: boolean } | undefined>;
  loadAdmin: (id: string) => Promise<{ role: AdminRole; disabled: boolean } | undefined>;
}) => {
  const requireUser = async (request: FastifyRequest): Promise<void> => {
    const lookup = await deps.sessions.resolve('user', sessionToken(request));
    if (!lookup.ok) throw failure(lookup);
    const user = await deps.loadUser(lookup.session.subjectId);
    if (!user) throw new AppError('UNAUTHORIZED');
    if (user.disabled) throw new AppError('ACCOUNT_DISABLED');
    request.userAuth = { userId: lookup.session.subjectId, sessionId: lookup.session.id };
  };

  /** A signed-in user calling an admin route is refused with 403, not asked to log in. */
  const rejectUserToken = async (token: string | undefined): Promise<void> => {
    if (!token?.startsWith(TOKEN_PREFIX.user)) return;
    const asUser = await deps.sessions.resolve('user', token);
    if (asUser.ok) throw new AppError('FORBIDDEN');
  };

  const requireAdmin = async (request: FastifyRequest): Promise<void> => {
    const token = sessionToken(request);
    await rejectUserToken(token);
    const lookup = await deps.sessions.resolve('admin', token);
    if (!lookup.ok) throw failure(lookup);
    const admin = await deps.loadAdmin(lookup.session.subjectId);
    if (!admin) throw new AppError('UNAUTHORIZED');
    if (admin.disabled) throw new AppError('ACCOUNT_DISABLED');
    request.adminAuth = {
      adminId: lookup.session.subjectId,
      role: admin.role,
      sessionId: lookup.session.id,
    };
  };

  const requireSuperAdmin = async (request: FastifyRequest): Promise<void> => {
    await requireAdmin(request);
    if (request.adminAuth?.role !== 'super') throw new AppError('ADMIN_ONLY_SUPER');
  };

  return { requireUser, requireAdmin, requireSuperAdmin, rejectUserToken };
};

/** The signed-in user of a route guarded by requireUser. */
export const userOf = (request: FastifyRequest): UserAuth => {
  if (!request.userAuth) throw new AppError('UNAUTHORIZED');
  return request.userAuth;
};

export const adminOf = (request: FastifyRequest): AdminAuth => {
  if (!request.adminAuth) throw new AppError('UNAUTHORIZED');
  return request.adminAuth;
};
