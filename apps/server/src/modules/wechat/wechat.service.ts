import type { LoginResult } from '@huijing/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../../config/clock';
import { MINUTE, addMs } from '../../config/clock';
import { AppError } from '../../http/app-error';
import type { WechatQrProvider } from '../../providers/wechat';
import type { LoginService } from '../auth/login.service';
import { createHmac } from 'node:crypto';
import { randomToken } from '../../db/ids';
import { safeEqual, sha256Hex } from '../auth/secrets';
import type { SessionMeta } from '../auth/sessions.service';
import type { UsersService } from '../users/users.service';
import type { WxScenesRepository } from './wx-scenes.repository';

export const SCENE_TTL_MS = 5 * MINUTE;
// WeChat pushes carry the sender's clock; a push older than this is treated as a replay.
const PUSH_MAX_AGE_MS = 5 * MINUTE;

export type ScanStatus = {
  status: 'waiting' | 'scanned' | 'confirmed' | 'expired';
  login?: LoginResult;
};

export type WechatService = ReturnType<typeof createWechatService>;

export const createWechatService = (deps: {
  repo: WxScenesRepository;
  qr: WechatQrProvider;
  users: UsersService;
  login: LoginService;
  now: Clock;
  logger: Logger;
  /** Signs binder cookies, so only binders this server issued are ever accepted. */
  secret: () => Promise<string>;
}) => {
  const { repo, now } = deps;

  const binderSignature = async (token: string) =>
    createHmac('sha256', await deps.secret())
      .update(`wx-binder:${token}`)
      .digest('base64url');
  /** A fresh binder: random token and its signature. */
  const issueBinder = async () => {
    const token = randomToken(32);
    return `${token}.${await binderSignature(token)}`;
  };
  /** The binder when this server issued it; a value the client made up is worth nothing. */
  const issuedBinder = async (value: string | undefined) => {
    const [token, sig, extra] = (value ?? '').split('.');
    if (!token || !sig || extra !== undefined || !/^[A-Za-z0-9_-]{43}$/.test(token)) return;
    return safeEqual(await binderSignature(token), sig) ? value : undefined;
  };

  /** The scene, only for the browser that asked for it; anyone else gets a plain 404. */
  const sceneForBrowser = async (sceneId: string, browserToken: string | undefined) => {
    const scene = await repo.findScene(sceneId);
    const binder = await issuedBinder(browserToken);
    if (!scene || !binder || scene.browserHash !== sha256Hex(binder)) {
      throw new AppError('RESOURCE_NOT_FOUND');
    }
    return scene;
  };

  const isLive = (expiresAt: string) => Date.parse(expiresAt) > now().getTime();

  return {
    /**
     * A new random scene bound to the browser's binder cookie: kept when this server issued it,
     * otherwise (none, or one planted by someone else) replaced by a fresh one.
     */
    async createScene(browserToken: string | undefined, origin: string) {
      const binder = (await issuedBinder(browserToken)) ?? (await issueBinder());
      const sceneId = randomToken(24);
      const at = now();
      const expiresAt = addMs(at, SCENE_TTL_MS);
      await repo.insertScene({
        id: sceneId,
        browserHash: sha256Hex(binder),
        createdAt: at.toISOString(),
        expiresAt: expiresAt.toISOString(),
      });
      const qr = await deps.qr.createQr(sceneId, { expireSeconds: SCENE_TTL_MS / 1000, origin });
      return {
        binder,
        result: {
          sceneId,
          qrImage: qr.qrImage,
          expiresAt: expiresAt.toISOString(),
          provider: deps.qr.name,
          ...(qr.simulatorUrl && { simulatorUrl: qr.simulatorUrl }),
        },
      };
    },

    async checkScan(
      sceneId: string,
      browserToken: string | undefined,
      meta: SessionMeta,
    ): Promise<ScanStatus> {
      const scene = await sceneForBrowser(sceneId, browserToken);
      if (scene.status === 'consumed' || !isLive(scene.expiresAt)) return { status: 'expired' };
      if (scene.status !== 'confirmed' || !scene.userId)
        return { status: scene.status === 'scanned' ? 'scanned' : 'waiting' };
      if (!(await repo.consumeScene(scene.id, now().toISOString()))) return { status: 'expired' };
      const user = await deps.users.requireUser(scene.userId);
      // The account may have been created when the scan was confirmed; a user who has never
      // had a session is new, which is what the web's first-login questions key on.
      const isNewUser = user.lastLoginAt === null;
      return { status: 'confirmed', login: await deps.login.startSession(user, isNewUser, meta) };
    },

    /** A scan of the mp QR (SCAN for followers, subscribe for new followers) confirms the scene. */
    async confirmByOpenid(sceneId: string, openid: string): Promise<boolean> {
      const scene = await repo.findScene(sceneId);
      if (!scene || !isLive(scene.expiresAt) || !['waiting', 'scanned'].includes(scene.status)) {
        return false;
      }
      const { user } = await deps.users.findOrCreateByOpenid(openid);
      return repo.confirmScene(sceneId, user.id, now().toISOString());
    },

    pushIsFresh: (timestamp: string) =>
      Math.abs(now().getTime() - Number(timestamp) * 1000) <= PUSH_MAX_AGE_MS,

    // ---- simulator (developer tool; its routes exist only with WECHAT_PROVIDER=simulator)

    async simulatorOpen(sceneId: string) {
      const scene = await repo.findScene(sceneId);
      if (!scene) return undefined;
      await repo.markScanned(sceneId, now().toISOString());
      return { scene: { ...scene, live: isLive(scene.expiresAt) } };
    },

    /** Signs the scene in as the account with that phone, or as a new test user (no phone). */
    async simulatorConfirm(
      sceneId: string,
      phone: string | undefined,
    ): Promise<'confirmed' | 'no-user' | 'failed'> {
      const scene = await repo.findScene(sceneId);
      if (!scene || !isLive(scene.expiresAt)) return 'failed';
      const userId = phone
        ? (await deps.users.findUserByPhone(phone))?.id
        : (await deps.users.findOrCreateByOpenid(`simulator-${randomToken(12)}`)).user.id;
      if (!userId) return 'no-user';
      return (await repo.confirmScene(sceneId, userId, now().toISOString()))
        ? 'confirmed'
        : 'failed';
    },
  };
};
