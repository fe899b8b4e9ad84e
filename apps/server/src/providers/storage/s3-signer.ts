import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3 (header signing and presigned query strings), written against
 * the published algorithm so no SDK is needed:
 *   canonical request = method \n canonical URI \n canonical query \n canonical headers \n
 *                       signed headers \n payload hash
 *   string to sign    = AWS4-HMAC-SHA256 \n timestamp \n scope \n hex(sha256(canonical request))
 *   signing key       = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request")
 * Checked in tests against AWS's own worked examples.
 */

export type SigV4Credentials = {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** "s3" unless told otherwise. */
  service?: string;
};

export const ALGORITHM = 'AWS4-HMAC-SHA256';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export const sha256Hex = (data: string | Buffer): string =>
  createHash('sha256').update(data).digest('hex');

const hmac = (key: string | Buffer, data: string): Buffer =>
  createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as S3 wants it: only A-Z a-z 0-9 - . _ ~ kept; '/' kept in paths. */
export const uriEncode = (value: string, keepSlash = false): string =>
  Array.from(Buffer.from(value, 'utf8'))
    .map((byte) => {
      const ch = String.fromCharCode(byte);
      if (/[A-Za-z0-9\-._~]/.test(ch) || (keepSlash && ch === '/')) return ch;
      return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

/** 20130524T000000Z */
export const amzDate = (at: Date): string =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export const signingKey = (secret: string, date: string, region: string, service: string) =>
  hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');

/** Sorted by encoded name then value, each name and value URI-encoded. */
export const canonicalQuery = (params: [string, string][]): string =>
  params
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');

const canonicalHeaders = (headers: Record<string, string>) => {
  const entries = Object.entries(headers)
    .map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    text: entries.map(([k, v]) => `${k}:${v}\n`).join(''),
    signed: entries.map(([k]) => k).join(';'),
  };
};

/**
 * The URL's path is used as it stands (already encoded once by the caller, see objectUrl), so
 * the canonical URI matches the bytes on the wire exactly.
 */
const canonicalUri = (url: URL) => url.pathname || '/';

const queryPairs = (url: URL): [string, string][] => [...url.searchParams.entries()];

const stringToSign = (canonicalRequest: string, timestamp: string, scope: string): string =>
  [ALGORITHM, timestamp, scope, sha256Hex(canonicalRequest)].join('\n');

export type SignedRequest = {
  /** Every header to send, including host, x-amz-date, x-amz-content-sha256 and authorization. */
  headers: Record<string, string>;
  /** For tests and debugging. */
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
};

/**
 * Signs a request with the Authorization header. payloadHash is the body's hex SHA-256, or
 * UNSIGNED-PAYLOAD (S3 then skips the body check; TLS still protects it in transit).
 */
export const signRequest = (input: {
  method: string;
  url: URL;
  headers?: Record<string, string>;
  payloadHash: string;
  credentials: SigV4Credentials;
  at: Date;
}): SignedRequest => {
  const { credentials: c, url } = input;
  const service = c.service ?? 's3';
  const timestamp = amzDate(input.at);
  const date = timestamp.slice(0, 8);
  const scope = `${date}/${c.region}/${service}/aws4_request`;
  const headers: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(input.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
    ),
    host: url.host,
    'x-amz-date': timestamp,
    'x-amz-content-sha256': input.payloadHash,
  };
  const ch = canonicalHeaders(headers);
  const canonicalRequest = [
    input.method.toUpperCase(),
    canonicalUri(url),
    canonicalQuery(queryPairs(url)),
    ch.text,
    ch.signed,
    input.payloadHash,
  ].join('\n');
  const sts = stringToSign(canonicalRequest, timestamp, scope);
  const signature = createHmac('sha256', signingKey(c.secretAccessKey, date, c.region, service))
    .update(sts, 'utf8')
    .digest('hex');
  headers.authorization = `${ALGORITHM} Credential=${c.accessKeyId}/${scope}, SignedHeaders=${ch.signed}, Signature=${signature}`;
  return { headers, canonicalRequest, stringToSign: sts, signature };
};

/**
 * A presigned URL (query-string authentication): anyone holding it may perform `method` on the
 * object until it expires. Only the host header is signed and the payload is UNSIGNED-PAYLOAD.
 */
export const presignUrl = (input: {
  method?: string;
  url: URL;
  credentials: SigV4Credentials;
  at: Date;
  /** 1 s to 7 days, as S3 allows. */
  expiresSeconds: number;
}): string => {
  const { credentials: c } = input;
  const expires = Math.floor(input.expiresSeconds);
  if (!(expires >= 1 && expires <= 604_800)) {
    throw new Error('presigned URL expiry must be between 1 second and 7 days');
  }
  const service = c.service ?? 's3';
  const timestamp = amzDate(input.at);
  const date = timestamp.slice(0, 8);
  const scope = `${date}/${c.region}/${service}/aws4_request`;
  const url = new URL(input.url);
  const auth: [string, string][] = [
    ['X-Amz-Algorithm', ALGORITHM],
    ['X-Amz-Credential', `${c.accessKeyId}/${scope}`],
    ['X-Amz-Date', timestamp],
    ['X-Amz-Expires', String(expires)],
    ['X-Amz-SignedHeaders', 'host'],
  ];
  const query = [...queryPairs(url), ...auth];
  const canonicalRequest = [
    (input.method ?? 'GET').toUpperCase(),
    canonicalUri(url),
    canonicalQuery(query),
    `host:${url.host}\n`,
    'host',
    UNSIGNED_PAYLOAD,
  ].join('\n');
  const signature = createHmac('sha256', signingKey(c.secretAccessKey, date, c.region, service))
    .update(stringToSign(canonicalRequest, timestamp, scope), 'utf8')
    .digest('hex');
  url.search = `${canonicalQuery(query)}&X-Amz-Signature=${signature}`;
  return url.toString();
};
