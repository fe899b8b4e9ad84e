import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

// A proxy's id is reused so one request can be followed across hops, but only if it is a short
// plain token: it is echoed in a header and written to every log line.
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export const genReqId = (req: IncomingMessage): string => {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
};
