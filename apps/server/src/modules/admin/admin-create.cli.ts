import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { adminAccountCreateSchema } from '@huijing/contracts';
import { EnvError, loadEnv } from '../../config/env';
import { createContainer } from '../../container';
import { AppError } from '../../http/app-error';

// `npm run admin:create -- --username root --role super` (asks for what is missing; the password
// is read without echo, or from ADMIN_CREATE_PASSWORD for scripts, never from argv where `ps`
// would show it).
const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    'display-name': { type: 'string' },
    role: { type: 'string', default: 'super' },
  },
});

let muted = false;
const output = new Writable({
  write(chunk: Buffer, _enc, done) {
    if (!muted) process.stdout.write(chunk);
    done();
  },
});
const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
const ask = async (question: string, secret = false) => {
  process.stdout.write(question);
  muted = secret;
  const answer = await rl.question('');
  muted = false;
  if (secret) process.stdout.write('\n');
  return answer.trim();
};

let exitCode = 0;
try {
  const env = loadEnv();
  const username = values.username ?? (await ask('用户名: '));
  const password = process.env.ADMIN_CREATE_PASSWORD ?? (await ask('密码（至少 12 位）: ', true));
  const parsed = adminAccountCreateSchema.safeParse({
    username,
    password,
    displayName: values['display-name'] ?? username,
    role: values.role,
  });
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
    exitCode = 1;
  } else {
    const container = createContainer(env);
    try {
      await container.prepareDatabase();
      // No admin session here: the row names no actor and says where the account came from.
      const account = await container.admin.create(
        { actor: null, role: null },
        parsed.data,
        'npm run admin:create',
      );
      console.info(`created ${account.role} admin "${account.username}" (${account.accountId})`);
    } finally {
      await container.close();
    }
  }
} catch (err) {
  console.error(err instanceof EnvError || err instanceof AppError ? err.message : err);
  exitCode = 1;
} finally {
  rl.close();
}
process.exit(exitCode);
