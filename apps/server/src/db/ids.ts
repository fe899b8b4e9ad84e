import { randomUUID } from 'node:crypto';

/** Row ids: random, so they reveal neither counts nor order to clients. */
export const newId = (): string => randomUUID();
