import type { z } from 'zod';
import { EnvError } from './env';
import type { Env } from './env';

/**
 * A feature module's own settings, parsed from the same environment at boot. A problem stops the
 * boot like any other configuration error, naming each variable (ARCHITECTURE rule 9).
 */
export const parseAreaEnv = <S extends z.ZodType>(env: Env, schema: S): z.infer<S> => {
  const parsed = schema.safeParse(env.source);
  if (parsed.success) return parsed.data;
  throw new EnvError(
    parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
  );
};
