import fs from 'node:fs/promises';
import path from 'node:path';
import { maskPhone } from '@huijing/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../../config/clock';
import type { SmsProvider } from './sms.provider';

/**
 * The zero-configuration channel: each message becomes one JSON line in DATA_DIR/outbox/sms.jsonl
 * for a developer (or a browser test) to read. The log says where, never the code.
 */
export const createOutboxSmsProvider = (deps: {
  dataDir: string;
  logger: Logger;
  now: Clock;
}): SmsProvider & { file: string } => {
  const file = path.join(deps.dataDir, 'outbox', 'sms.jsonl');
  return {
    name: 'outbox',
    file,
    async send({ phone, code, purpose }) {
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const line = JSON.stringify({ phone, code, purpose, at: deps.now().toISOString() });
      // One appendFile call per line: concurrent writers never interleave inside a line.
      await fs.appendFile(file, `${line}\n`, { mode: 0o600 });
      deps.logger.info(
        { phone: maskPhone(phone), purpose, file },
        'SMS code written to the outbox',
      );
    },
  };
};
