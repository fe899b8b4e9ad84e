import pino from 'pino';
import pretty from 'pino-pretty';
import type { DestinationStream, Logger } from 'pino';
import type { Env } from './env';

/** Header paths never written to logs: the session token, bearer tokens and cookies. */
export const redactPaths = [
  'req.headers.satoken',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.satoken',
  'headers.authorization',
  'headers.cookie',
];

// Spec §2: the web app may be opened with ?satoken=… once; that URL must not land in logs.
const SECRET_QUERY = /([?&](?:satoken|token|access_token)=)[^&#]*/gi;
export const scrubUrl = (url: string): string => url.replace(SECRET_QUERY, '$1[REDACTED]');

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

export const createLogger = (
  env: Pick<Env, 'LOG_LEVEL'> & Partial<Pick<Env, 'LOG_FORMAT'>>,
  destination?: DestinationStream,
): Logger => {
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL,
    redact: { paths: redactPaths, censor: '[REDACTED]' },
    serializers: {
      // Replaces Fastify's default request serializer to scrub tokens from the URL.
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: scrubUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
  if (destination) return pino(options, destination);
  if (env.LOG_FORMAT === 'pretty') {
    // Synchronous in-process formatting: no worker thread, and redaction has already happened.
    return pino(
      options,
      pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }),
    );
  }
  return pino(options);
};
