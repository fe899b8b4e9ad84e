import type { ModuleLookup } from '../core/deps';

export type { FeatureModule, FeatureModuleFactory, ModuleLookup } from '../core/deps';

/** The services a module exposes, or undefined when that module is not installed. */
export const moduleServices = <T>(modules: ModuleLookup, name: string): T | undefined =>
  modules.get(name)?.services as T | undefined;
