import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An S3 stand-in on 127.0.0.1 (path-style, one bucket): PutObject, GetObject, HeadObject,
 * DeleteObject, with header and presigned (query-string) SigV4 authentication verified the way
 * S3 does it. The verifier here is written separately from the adapter's signer on purpose: it
 * rebuilds the canonical request from what actually arrived on the wire (raw path, raw query,
 * received header values), so a signer/sender mismatch fails like it would against S3, with a
 * 403 SignatureDoesNotMatch XML error.
 */

export interface S3DoubleObject {
  body: Buffer;
  contentType: string;
  etag: string;
}

export interface S3DoubleRequest {
  method: string;
  path: string;
  auth: 'header' | 'presigned' | 'none';
  status: number;
  code?: string;
}

export interface S3Double {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, S3DoubleObject>;
  requests: S3DoubleRequest[];
  /** Answer the next request with this error (then clear it). */
  failNext?: { status: number; code: string; message: string };
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

// Independent RFC 3986 encoder (encodeURIComponent plus the characters it leaves alone).
const enc = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

const parseRawQuery = (raw: string): [string, string][] =>
  raw
    ? raw.split('&').map((pair) => {
        const i = pair.indexOf('=');
        const k = i < 0 ? pair : pair.slice(0, i);
        const v = i < 0 ? '' : pair.slice(i + 1);
        const dec = (x: string) => decodeURIComponent(x.replace(/\+/g, '%20'));
        return [dec(k), dec(v)];
      })
    : [];

const canonicalQueryOf = (pairs: [string, string][]) =>
  pairs
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .sort()
    .join('&');

const parseAmzDate = (s: string) => {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : NaN;
};

const xmlError = (code: string, message: string, resource: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>` +
  `<Resource>${resource}</Resource><RequestId>${randomBytes(8).toString('hex')}</RequestId></Error>`;

class S3Fault extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const startS3Double = async (
  options: {
    bucket?: string;
    region?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
  } = {},
): Promise<S3Double> => {
  const bucket = options.bucket ?? 'huijing-test';
  const region = options.region ?? 'us-east-1';
  const accessKeyId = options.accessKeyId ?? `AKIA${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = options.secretAccessKey ?? randomBytes(30).toString('base64');
  const objects = new Map<string, S3DoubleObject>();
  const requests: S3DoubleRequest[] = [];

  const verify = (
    req: http.IncomingMessage,
    rawPath: string,
    rawQuery: string,
    body: Buffer,
  ): 'header' | 'presigned' => {
    const query = parseRawQuery(rawQuery);
    const q = new Map(query);
    const presigned = q.get('X-Amz-Algorithm') !== undefined;
    let credential: string;
    let signedHeaders: string;
    let signature: string;
    let timestamp: string;
    let payloadHash: string;
    let canonicalQuery: string;
    if (presigned) {
      if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') {
        throw new S3Fault(400, 'AuthorizationQueryParametersError', 'Unsupported algorithm');
      }
      credential = q.get('X-Amz-Credential') ?? '';
      signedHeaders = q.get('X-Amz-SignedHeaders') ?? '';
      signature = q.get('X-Amz-Signature') ?? '';
      timestamp = q.get('X-Amz-Date') ?? '';
      const expires = Number(q.get('X-Amz-Expires'));
      if (!Number.isInteger(expires) || expires < 1 || expires > 604_800) {
        throw new S3Fault(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires invalid');
      }
      if (Date.now() > parseAmzDate(timestamp) + expires * 1000) {
        throw new S3Fault(403, 'AccessDenied', 'Request has expired');
      }
      payloadHash = 'UNSIGNED-PAYLOAD';
      canonicalQuery = canonicalQueryOf(query.filter(([k]) => k !== 'X-Amz-Signature'));
    } else {
      const auth = req.headers.authorization;
      if (!auth) throw new S3Fault(403, 'AccessDenied', 'Access Denied');
      const m =
        /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
          auth,
        );
      if (!m) {
        throw new S3Fault(400, 'AuthorizationHeaderMalformed', 'Authorization header malformed');
      }
      [, credential, signedHeaders, signature] = m as unknown as [string, string, string, string];
      timestamp = String(req.headers['x-amz-date'] ?? '');
      payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
      if (!payloadHash) {
        throw new S3Fault(400, 'InvalidRequest', 'Missing required header x-amz-content-sha256');
      }
      if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) {
        throw new S3Fault(
          400,
          'XAmzContentSHA256Mismatch',
          "The provided 'x-amz-content-sha256' header does not match what was computed.",
        );
      }
      if (Math.abs(Date.now() - parseAmzDate(timestamp)) > 15 * 60_000) {
        throw new S3Fault(
          403,
          'RequestTimeTooSkewed',
          'The difference between the request time and the current time is too large.',
        );
      }
      canonicalQuery = canonicalQueryOf(query);
    }
    const [keyId, date, credRegion, service, terminal] = credential.split('/');
    if (keyId !== accessKeyId) {
      throw new S3Fault(
        403,
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records.',
      );
    }
    if (
      credRegion !== region ||
      service !== 's3' ||
      terminal !== 'aws4_request' ||
      date !== timestamp.slice(0, 8)
    ) {
      throw new S3Fault(
        400,
        'AuthorizationHeaderMalformed',
        `credential scope must be for ${region}`,
      );
    }
    const names = signedHeaders.split(';');
    if (!names.includes('host')) {
      throw new S3Fault(400, 'AuthorizationHeaderMalformed', 'host must be signed');
    }
    const canonicalHeaders = names
      .map((name) => {
        const value = req.headers[name];
        const text = Array.isArray(value) ? value.join(',') : (value ?? '');
        return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
      })
      .join('');
    const canonicalRequest = [
      req.method,
      rawPath,
      canonicalQuery,
      canonicalHeaders,
      signedHeaders,
      payloadHash,
    ].join('\n');
    const scope = `${date}/${region}/s3/aws4_request`;
    const toSign = `AWS4-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256(canonicalRequest)}`;
    const key = hmac(
      hmac(hmac(hmac(`AWS4${secretAccessKey}`, date!), region), 's3'),
      'aws4_request',
    );
    const expected = Buffer.from(createHmac('sha256', key).update(toSign).digest('hex'));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new S3Fault(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      );
    }
    return presigned ? 'presigned' : 'header';
  };

  const double: S3Double = {
    url: '',
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const raw = req.url ?? '/';
    const qi = raw.indexOf('?');
    const rawPath = qi < 0 ? raw : raw.slice(0, qi);
    const rawQuery = qi < 0 ? '' : raw.slice(qi + 1);
    const entry: S3DoubleRequest = {
      method: req.method ?? '',
      path: rawPath,
      auth: 'none',
      status: 0,
    };
    requests.push(entry);
    const head = req.method === 'HEAD';
    const send = (
      status: number,
      headers: Record<string, string | number>,
      payload?: Buffer | string,
    ) => {
      entry.status = status;
      res.writeHead(status, headers);
      res.end(head ? undefined : payload);
    };
    try {
      if (double.failNext) {
        const f = double.failNext;
        double.failNext = undefined;
        throw new S3Fault(f.status, f.code, f.message);
      }
      entry.auth = verify(req, rawPath, rawQuery, body);
      const m = /^\/([^/]+)\/(.+)$/.exec(rawPath);
      if (!m || decodeURIComponent(m[1]!) !== bucket) {
        throw new S3Fault(404, 'NoSuchBucket', 'The specified bucket does not exist');
      }
      const key = decodeURIComponent(m[2]!);
      if (entry.auth === 'presigned' && req.method !== 'GET' && req.method !== 'HEAD') {
        throw new S3Fault(403, 'AccessDenied', 'presigned URLs are for GET here');
      }
      switch (req.method) {
        case 'PUT': {
          const etag = `"${createHash('md5').update(body).digest('hex')}"`;
          objects.set(key, {
            body,
            contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
            etag,
          });
          return send(200, { etag, 'content-length': 0 });
        }
        case 'GET':
        case 'HEAD': {
          const obj = objects.get(key);
          if (!obj) throw new S3Fault(404, 'NoSuchKey', 'The specified key does not exist.');
          return send(
            200,
            { 'content-type': obj.contentType, 'content-length': obj.body.length, etag: obj.etag },
            obj.body,
          );
        }
        case 'DELETE':
          objects.delete(key);
          return send(204, {});
        default:
          throw new S3Fault(405, 'MethodNotAllowed', 'The specified method is not allowed');
      }
    } catch (error) {
      const fault =
        error instanceof S3Fault ? error : new S3Fault(500, 'InternalError', String(error));
      entry.code = fault.code;
      const xml = xmlError(fault.code, fault.message, rawPath);
      return send(
        fault.status,
        { 'content-type': 'application/xml', 'content-length': head ? 0 : Buffer.byteLength(xml) },
        xml,
      );
    }
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  double.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return double;
};
