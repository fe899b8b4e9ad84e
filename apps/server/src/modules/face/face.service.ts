import type { Clock } from '../../config/clock';
import { MINUTE, addMs } from '../../config/clock';
import { AppError } from '../../http/app-error';
import { randomToken } from '../../db/ids';
import type { FaceRepository } from './face.repository';

const CHECK_TTL_MS = 10 * MINUTE;

export type FaceService = ReturnType<typeof createFaceService>;

/**
 * Face verification (spec §2 modal) behind a provider-shaped seam. Only the simulator exists: a
 * page where a developer passes or fails the check. A real vendor would replace `url` and settle
 * results from its callback.
 */
export const createFaceService = (deps: {
  repo: FaceRepository;
  now: Clock;
  /** The simulator is the only implementation: off (outside development), checks are refused. */
  simulator: boolean;
}) => ({
  async start(userId: string) {
    if (!deps.simulator) throw new AppError('FACE_UNAVAILABLE');
    const at = deps.now();
    const verifyId = randomToken(24);
    const expiresAt = addMs(at, CHECK_TTL_MS).toISOString();
    await deps.repo.insertCheck({ id: verifyId, userId, createdAt: at.toISOString(), expiresAt });
    return { verifyId, url: `/api/user/face/simulator?verifyId=${verifyId}`, expiresAt };
  },

  /** Only the user who started the check may read it; anyone else sees a 404. */
  async result(userId: string, verifyId: string) {
    const check = await deps.repo.findCheck(verifyId);
    if (!check || check.userId !== userId) throw new AppError('RESOURCE_NOT_FOUND');
    if (check.status === 'pending' && Date.parse(check.expiresAt) <= deps.now().getTime()) {
      return { status: 'expired' as const };
    }
    return { status: check.status };
  },

  pendingCheck: async (verifyId: string) => {
    const check = await deps.repo.findCheck(verifyId);
    return (
      check && check.status === 'pending' && Date.parse(check.expiresAt) > deps.now().getTime()
    );
  },

  settle: (verifyId: string, status: 'passed' | 'failed') =>
    deps.repo.settleCheck(verifyId, status, deps.now().toISOString()),
});
