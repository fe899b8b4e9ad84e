import type { Clock } from '../../config/clock';
import type { WechatConfig } from '../../config/env';
import { qrDataUrl } from './wechat.provider';
import type { WechatQrProvider } from './wechat.provider';

type MpConfig = Extract<WechatConfig, { provider: 'mp' }>;

type WechatError = { errcode?: number; errmsg?: string };

// Access tokens are refreshed a little before WeChat says they expire.
const TOKEN_MARGIN_MS = 5 * 60 * 1000;
const INVALID_TOKEN_CODES = new Set([40001, 40014, 42001]);

/**
 * The WeChat Official Account temporary-QR flow: cgi-bin/token (cached until expiry), then
 * cgi-bin/qrcode/create with QR_STR_SCENE. The QR is drawn from the returned url, so the browser
 * never has to load an image from WeChat.
 */
export const createMpQrProvider = (
  config: MpConfig,
  deps: { now: Clock; fetch?: typeof fetch },
): WechatQrProvider & { accessToken: () => Promise<string> } => {
  const doFetch = deps.fetch ?? fetch;
  let cached: { token: string; until: number } | undefined;

  const call = async <T>(url: string, init?: RequestInit): Promise<T & WechatError> => {
    const res = await doFetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`WeChat API answered HTTP ${res.status}`);
    return (await res.json()) as T & WechatError;
  };

  const accessToken = async (): Promise<string> => {
    if (cached && cached.until > deps.now().getTime()) return cached.token;
    const url = new URL(`${config.apiBase}/cgi-bin/token`);
    url.search = new URLSearchParams({
      grant_type: 'client_credential',
      appid: config.appId,
      secret: config.appSecret,
    }).toString();
    const body = await call<{ access_token?: string; expires_in?: number }>(url.toString());
    if (!body.access_token) {
      throw new Error(`WeChat cgi-bin/token failed: ${body.errcode ?? '?'} ${body.errmsg ?? ''}`);
    }
    cached = {
      token: body.access_token,
      until: deps.now().getTime() + (body.expires_in ?? 7200) * 1000 - TOKEN_MARGIN_MS,
    };
    return cached.token;
  };

  const createTicket = async (sceneId: string, expireSeconds: number) => {
    const token = await accessToken();
    return call<{ ticket?: string; url?: string; expire_seconds?: number }>(
      `${config.apiBase}/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          expire_seconds: expireSeconds,
          action_name: 'QR_STR_SCENE',
          action_info: { scene: { scene_str: sceneId } },
        }),
      },
    );
  };

  return {
    name: 'mp',
    accessToken,
    async createQr(sceneId, { expireSeconds }) {
      let body = await createTicket(sceneId, expireSeconds);
      // A token revoked early (another server refreshed it) is retried once with a fresh one.
      if (body.errcode && INVALID_TOKEN_CODES.has(body.errcode)) {
        cached = undefined;
        body = await createTicket(sceneId, expireSeconds);
      }
      if (!body.url) {
        throw new Error(`WeChat qrcode/create failed: ${body.errcode ?? '?'} ${body.errmsg ?? ''}`);
      }
      return { qrImage: await qrDataUrl(body.url) };
    },
  };
};
