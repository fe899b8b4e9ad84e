import {
  captchaChallengeSchema,
  captchaTokenSchema,
  faceResultSchema,
  faceStartResultSchema,
  loginResultSchema,
  userInfoSchema,
  wxQrSchema,
  wxScanResultSchema,
  type bindPhoneBodySchema,
  type captchaSolveBodySchema,
  type Envelope,
  type smsLoginBodySchema,
  type smsSendBodySchema,
  type userEditBodySchema,
} from '@huijing/contracts';
import type { z } from 'zod';
import { isRequestError, api } from '../../../lib/request';

/**
 * The accounts endpoints the web calls (docs/accounts.md), typed by the contracts' schemas.
 * Calls are silent: the caller decides what to show, through lib/notify.
 */

/** A failure the UI can show: the server's message and catalogue code when there is one. */
export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

const bodyCode = (body: unknown): number | undefined => {
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
};

/** Unwraps an envelope or turns any failure (transport, 4xx, success false) into ApiFailure. */
export const unwrap = async <T>(call: Promise<Envelope<T>>): Promise<T> => {
  let envelope: Envelope<T>;
  try {
    envelope = await call;
  } catch (error) {
    if (isRequestError(error)) throw new ApiFailure(error.message, bodyCode(error.details.body));
    throw error;
  }
  if (!envelope.success) throw new ApiFailure(envelope.message, envelope.code);
  return envelope.data;
};

export type SmsSendBody = z.input<typeof smsSendBodySchema>;
export type SmsLoginBody = z.input<typeof smsLoginBodySchema>;
export type UserEditBody = z.input<typeof userEditBodySchema>;
export type BindPhoneBody = z.input<typeof bindPhoneBodySchema>;

export const authApi = {
  sendSms: (body: SmsSendBody) => unwrap(api.post('/user/p1/sms/send', { body, silent: true })),
  smsLogin: (body: SmsLoginBody) =>
    unwrap(api.post('/user/p1/sms/login', { body, schema: loginResultSchema, silent: true })),
  /** Spec §7 GET /test/testlogin: only answered when the server runs with TEST_LOGIN=on. */
  testLogin: () => unwrap(api.get('/test/testlogin', { schema: loginResultSchema, silent: true })),
  captchaChallenge: () =>
    unwrap(api.get('/captcha/challenge', { schema: captchaChallengeSchema, silent: true })),
  captchaSolve: (body: z.input<typeof captchaSolveBodySchema>) =>
    unwrap(api.post('/captcha/solve', { body, schema: captchaTokenSchema, silent: true })),
  wxQrCode: () => unwrap(api.get('/wx/getQRCode', { schema: wxQrSchema, silent: true })),
  wxCheckScan: (sceneId: string) =>
    unwrap(
      api.get('/wx/cheakScan', { query: { sceneId }, schema: wxScanResultSchema, silent: true }),
    ),
  editUser: (body: UserEditBody) =>
    unwrap(api.post('/user/v1/user/edit', { body, schema: userInfoSchema, silent: true })),
  bindPhone: (body: BindPhoneBody) =>
    unwrap(api.post('/user/v1/user/bindPhone', { body, schema: userInfoSchema, silent: true })),
  faceStart: () =>
    unwrap(api.post('/user/face/start', { body: {}, schema: faceStartResultSchema, silent: true })),
  faceResult: (verifyId: string) =>
    unwrap(
      api.get('/user/face/result', { query: { verifyId }, schema: faceResultSchema, silent: true }),
    ),
  invalidateSession: () =>
    unwrap(api.post('/logout/invalidateSession', { body: {}, silent: true, timeout: 5_000 })),
};

export const messageOf = (error: unknown, fallback = '操作失败，请稍后再试'): string =>
  error instanceof Error && error.message ? error.message : fallback;
