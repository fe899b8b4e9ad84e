import { z } from 'zod';

/**
 * One process can serve HTTP, run jobs, or both (the one-machine default). The same code scales
 * out by starting `--role api` and `--role worker` on different hosts.
 */
export const roleSchema = z.enum(['all', 'api', 'worker']);
export type Role = z.infer<typeof roleSchema>;

export const servesHttp = (role: Role): boolean => role !== 'worker';
export const runsJobs = (role: Role): boolean => role !== 'api';
