import type { SmsPurpose } from '@huijing/contracts';

export type SmsMessage = { phone: string; code: string; purpose: SmsPurpose };

/**
 * One interface for every SMS channel. `phone` is the normalised 11-digit mainland number; each
 * provider formats it as its API wants. A failure throws; the caller decides what the user sees.
 */
export interface SmsProvider {
  readonly name: 'outbox' | 'aliyun' | 'tencent';
  send(message: SmsMessage): Promise<void>;
}

/** Splits "http://127.0.0.1:9000" into protocol and host for SDKs that take them apart. */
export const parseEndpoint = (endpoint: string): { protocol: 'http' | 'https'; host: string } => {
  const match = /^(https?):\/\/([^/]+)\/?$/i.exec(endpoint.trim());
  if (match) return { protocol: match[1]!.toLowerCase() as 'http' | 'https', host: match[2]! };
  return { protocol: 'https', host: endpoint.trim().replace(/\/+$/, '') };
};
