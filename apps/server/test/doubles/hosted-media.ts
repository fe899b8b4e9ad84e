import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { resolveBinaries } from '../../src/engines/local/ffmpeg-runner';

/**
 * What the DashScope and Ark doubles share: decoding the data-URI inputs the way the providers
 * do (a bad one is refused), real pictures and tiny real MP4s of the asked size, and result
 * links that expire like signed OSS/TOS links (served once, or for a short TTL, then 403).
 */

export const decodeDataUri = async (uri: unknown) => {
  const m = typeof uri === 'string' ? /^data:(image\/[a-z]+);base64,(.+)$/s.exec(uri) : null;
  if (!m) return undefined;
  const bytes = Buffer.from(m[2]!, 'base64');
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => undefined);
  if (!meta) return undefined;
  return { mime: m[1]!, bytes, width: meta.width, height: meta.height };
};

export const picture = (
  width: number,
  height: number,
  source?: Buffer,
  tint = { r: 255, g: 220, b: 180 },
) =>
  (source
    ? sharp(source).resize(width, height, { fit: 'fill' }).tint(tint)
    : sharp({ create: { width, height, channels: 3, background: { r: 180, g: 170, b: 150 } } })
  )
    .png()
    .toBuffer();

/**
 * What a model that lost the input's structure answers: a picture of other lines (a tilted grid
 * of panels) at the asked size, the same whatever came in.
 */
export const driftedPicture = (width: number, height: number) => {
  const step = Math.max(24, Math.round(Math.min(width, height) / 9));
  const lines = Array.from({ length: 40 }, (_, i) => {
    const x = (i - 10) * step;
    return `<line x1="${x}" y1="0" x2="${x + height * 0.6}" y2="${height}" stroke="#4a4038" stroke-width="6"/>
      <rect x="${(i * 37) % width}" y="${(i * 53) % height}" width="${step}" height="${step * 0.6}" fill="#8a7a68"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#d8cbb6"/>${lines}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
};

/**
 * `drift`: how many of the next pictures made from an input lose its structure (a test of the
 * structure guard), or 'all'. The default, 0, keeps every picture faithful to its input.
 */
export const takeDrift = (knobs: { drift: number | 'all' }): boolean => {
  if (knobs.drift === 'all') return true;
  if (knobs.drift <= 0) return false;
  knobs.drift -= 1;
  return true;
};

export const tinyMp4 = async (width: number, height: number, seconds = 1): Promise<Buffer> => {
  const { ffmpegPath } = resolveBinaries({});
  const file = path.join(os.tmpdir(), `double-${randomUUID()}.mp4`);
  // Even sides: yuv420p H.264 needs them.
  const w = width - (width % 2);
  const h = height - (height % 2);
  await new Promise<void>((resolve, reject) =>
    execFile(
      ffmpegPath,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `color=c=gray:s=${w}x${h}:d=${seconds}:r=8`,
        '-pix_fmt',
        'yuv420p',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        file,
      ],
      (err) => (err ? reject(err) : resolve()),
    ),
  );
  try {
    return await fs.readFile(file);
  } finally {
    await fs.rm(file, { force: true });
  }
};

export interface ExpiringFiles {
  /** A signed-looking link to the bytes. */
  put(bytes: Buffer, ext: string): string;
  /** Serves GET /oss/…; false when the request is not for a file. */
  serve(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  /** Every fetch, in order, with the status it got. */
  fetches: { id: string; status: number }[];
}

/**
 * `once`: the first fetch gets the file, later ones 403 (what a result link looks like once it
 * has expired); `ttlMs`: likewise after that long. The error body is OSS's XML.
 */
export const expiringFiles = (
  baseUrl: () => string,
  policy: () => { once: boolean; ttlMs: number },
): ExpiringFiles => {
  const files = new Map<string, { bytes: Buffer; mime: string; at: number; served: number }>();
  const fetches: ExpiringFiles['fetches'] = [];
  return {
    fetches,
    put(bytes, ext) {
      const id = `${randomUUID()}.${ext}`;
      files.set(id, {
        bytes,
        mime: ext === 'mp4' ? 'video/mp4' : `image/${ext}`,
        at: Date.now(),
        served: 0,
      });
      return `${baseUrl()}/oss/${id}?Expires=${Math.floor(Date.now() / 1000) + 86400}&OSSAccessKeyId=double&Signature=x`;
    },
    serve(req, res) {
      const m = /^\/oss\/([^?]+)/.exec(req.url ?? '');
      if (!m || req.method !== 'GET') return false;
      const file = files.get(m[1]!);
      const { once, ttlMs } = policy();
      const expired = !file || (once && file.served > 0) || Date.now() - file.at > ttlMs;
      if (expired) {
        fetches.push({ id: m[1]!, status: 403 });
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code>' +
            '<Message>Request has expired.</Message></Error>',
        );
        return true;
      }
      file.served += 1;
      fetches.push({ id: m[1]!, status: 200 });
      res.writeHead(200, { 'content-type': file.mime });
      res.end(file.bytes);
      return true;
    },
  };
};

export const readJson = async (req: http.IncomingMessage): Promise<Record<string, unknown>> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString();
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return { __invalid: text };
  }
};

/** The knobs both doubles have: throttled calls, and how long result links live. */
export interface HostedKnobs {
  /** Answer this many of the next calls that create work with the provider's 429. */
  throttle: number;
  /** Result links serve once (then 403), and in any case only for this long. */
  resultOnce: boolean;
  resultTtlMs: number;
  /** Pictures made from an input that come back drifted (takeDrift); 0 by default. */
  drift: number | 'all';
}

export const HOSTED_KNOB_DEFAULTS: HostedKnobs & { runningPolls: number } = {
  throttle: 0,
  drift: 0,
  runningPolls: 1,
  resultOnce: true,
  resultTtlMs: 60_000,
};

/** What a test sees of a double: its knobs, what it was asked and what it served. */
export interface HostedDouble<K, T> {
  url: string;
  apiKey: string;
  knobs: K;
  /** Calls that create work and reached a handler (after auth). */
  received: { path: string; body: Record<string, unknown>; status: number }[];
  tasks: Map<string, T>;
  /** Task ids polled, in order. */
  polls: string[];
  /** Result links fetched, in order, with the status each got. */
  fetches: { id: string; status: number }[];
  close(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/**
 * A double's HTTP server: result links under /oss/ on the same port (expiring per the knobs),
 * everything else to `handle`; a handler that throws answers `onError` unless it already did.
 */
export const hostedServer = (knobs: HostedKnobs) => {
  let base = '';
  const files = expiringFiles(
    () => base,
    () => ({ once: knobs.resultOnce, ttlMs: knobs.resultTtlMs }),
  );
  const listen = async (handle: Handler, onError: (res: http.ServerResponse, e: Error) => void) => {
    const server = http.createServer((req, res) => {
      if (files.serve(req, res)) return;
      handle(req, res).catch((e: Error) => {
        if (!res.headersSent) onError(res, e);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      url: base,
      fetches: files.fetches,
      async close() {
        server.closeAllConnections();
        await new Promise((r) => server.close(r));
      },
    };
  };
  return { files, listen };
};

/**
 * One poll of a task: it leaves its waiting status after `waitPolls` polls; true when it has
 * been running for `runPolls` more and ends now.
 */
export const pollStep = <S extends string>(
  task: { status: S; polls: number },
  waiting: S,
  running: S,
  waitPolls: number,
  runPolls: number,
): boolean => {
  task.polls += 1;
  if (task.status === waiting && task.polls > waitPolls) task.status = running;
  return task.status === running && task.polls > waitPolls + runPolls;
};
