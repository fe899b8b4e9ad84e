/**
 * @fastify/rate-limit's own Redis store (the one its plugin uses for route limits), reused for the
 * limits services check themselves, so both count the same way in the same Redis. Untyped upstream.
 */
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';

  class RedisStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string);
    incr(
      key: string,
      callback: (err: Error | null, result: { current: number; ttl: number } | null) => void,
      timeWindow: number,
      max: number,
    ): void;
  }
  export default RedisStore;
}
