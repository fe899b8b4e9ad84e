import type { Kysely } from 'kysely';
import type { App } from '../app';
import type { CoreContainer } from '../container';
import type { Database } from '../db/schema';

/**
 * A product area that registers itself (ARCHITECTURE rule 14): the container builds the shared
 * parts, then calls each factory in `modules/index.ts` in order; app.ts registers each module's
 * routes, the worker role starts its background work, close() stops it. A module's admin
 * endpoints live in the module, behind the one permission matrix.
 */
export type FeatureModule = {
  name: string;
  /** Registers the module's routes with their own prefixes (under /api). */
  routes?: (app: App) => Promise<void>;
  /** Idempotent default rows, run on every boot after the core seeds; returns what it added. */
  seed?: (db: Kysely<Database>) => Promise<string[]>;
  /** Background work on worker-capable roles (reconcilers, dispatchers, pruning). */
  startWorker?: () => Promise<void>;
  /** Stops background work; called before the queue and the database close. */
  stop?: () => Promise<void>;
  /** What other modules may use; read it with `moduleServices`. */
  services?: unknown;
};

/** Earlier modules by name: a factory may use what a module listed before it exposes. */
export type ModuleLookup = ReadonlyMap<string, FeatureModule>;

export type FeatureModuleFactory = (core: CoreContainer, modules: ModuleLookup) => FeatureModule;

/** The services a module exposes, or undefined when that module is not installed. */
export const moduleServices = <T>(modules: ModuleLookup, name: string): T | undefined =>
  modules.get(name)?.services as T | undefined;
