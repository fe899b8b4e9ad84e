/** A string tree with every leaf widened to `string`: the shape a translation must mirror. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/**
 * One screen's strings in both languages. Kept in its own file so screens built in parallel never
 * edit the same locale file; the typecheck fails when the English side misses a key.
 */
export const definePart = <const Z extends object>(zh: Z, en: Widen<Z>) => ({ zh, en });
