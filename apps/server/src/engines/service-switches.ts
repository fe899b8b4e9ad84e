import { z } from 'zod';

/**
 * Engines and tools an admin took out of service, with the message users see instead of a run
 * (app_settings row `service.outOfService`, edited from the admin console's engines screen).
 */
export const OUT_OF_SERVICE_KEY = 'service.outOfService';
export const outOfServiceSchema = z.object({
  engines: z.record(z.string(), z.string()).default({}),
  tools: z.record(z.string(), z.string()).default({}),
});
export type OutOfService = z.infer<typeof outOfServiceSchema>;
export const DEFAULT_OUT_OF_SERVICE_MESSAGE = '该功能正在维护，请稍后再试';

export const parseOutOfService = (value: string | undefined): OutOfService => {
  if (!value) return { engines: {}, tools: {} };
  const parsed = outOfServiceSchema.safeParse(JSON.parse(value));
  return parsed.success ? parsed.data : { engines: {}, tools: {} };
};
