import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import { safeEqual } from '../../modules/auth/secrets';

/**
 * How a login QR is made. The simulator encodes a link to its own confirmation page; the
 * Official Account ("mp") asks WeChat for a temporary QR whose scan WeChat pushes back to us.
 */
export interface WechatQrProvider {
  readonly name: 'simulator' | 'mp';
  createQr(
    sceneId: string,
    options: { expireSeconds: number; origin: string },
  ): Promise<{
    qrImage: string;
    simulatorUrl?: string;
  }>;
}

export const qrDataUrl = (text: string): Promise<string> =>
  QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 240 });

export const createSimulatorQrProvider = (): WechatQrProvider => ({
  name: 'simulator',
  async createQr(sceneId, { origin }) {
    const simulatorUrl = `${origin}/api/wx/simulator?sceneId=${encodeURIComponent(sceneId)}`;
    return { qrImage: await qrDataUrl(simulatorUrl), simulatorUrl };
  },
});

/** WeChat's push signature: sha1 of token, timestamp and nonce sorted and joined. */
export const wechatSignature = (token: string, timestamp: string, nonce: string): string =>
  createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');

export const verifyWechatSignature = (
  token: string,
  query: { signature?: string; timestamp?: string; nonce?: string },
): boolean =>
  Boolean(query.signature && query.timestamp && query.nonce) &&
  safeEqual(wechatSignature(token, query.timestamp!, query.nonce!), query.signature!);

export type WechatEvent = {
  msgType?: string;
  event?: string;
  eventKey?: string;
  fromUserName?: string;
};

const xmlField = (xml: string, name: string): string | undefined => {
  const match = new RegExp(
    `<${name}>\\s*(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))\\s*</${name}>`,
  ).exec(xml);
  return match ? (match[1] ?? match[2] ?? '').trim() : undefined;
};

/** The few fields of a plaintext-mode event push that the login needs. */
export const parseWechatEvent = (xml: string): WechatEvent => ({
  msgType: xmlField(xml, 'MsgType'),
  event: xmlField(xml, 'Event'),
  eventKey: xmlField(xml, 'EventKey'),
  fromUserName: xmlField(xml, 'FromUserName'),
});
