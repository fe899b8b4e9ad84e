import type { ThemeConfig } from 'antd';
import type { MapToken, SeedToken } from 'antd/es/theme/interface';
import defaultAlgorithm from 'antd/es/theme/themes/default';

/** The app theme's seed and the map token antd's default algorithm derives from it. */
export interface BakedMapToken {
  seed: SeedToken;
  map: MapToken;
}

type Algorithm = (seed: SeedToken) => MapToken;

/**
 * antd's default algorithm with its answer for the app's own seed worked out at build time
 * (components/antd-bake.tsx, build/antd-styles.ts): on the first render antd derives the map
 * token from the seed (thirteen colour palettes, neutral colours, sizes), tens of milliseconds
 * at 4× CPU, and the answer never changes between builds of one theme. Any other seed (a
 * theme changed without a build, a nested provider's tokens) is derived as before.
 */
export const prebuiltAlgorithm = (baked: BakedMapToken, derive: Algorithm = defaultAlgorithm) => {
  const keys = Object.keys(baked.seed) as (keyof SeedToken)[];
  const algorithm: Algorithm = (seed) =>
    Object.keys(seed).length === keys.length && keys.every((k) => seed[k] === baked.seed[k])
      ? { ...baked.map }
      : derive(seed);
  return algorithm;
};

/** The app's theme with the prebuilt algorithm where the build made one. */
export const withPrebuiltAlgorithm = (
  theme: ThemeConfig,
  baked: BakedMapToken | undefined,
): ThemeConfig => (baked ? { ...theme, algorithm: prebuiltAlgorithm(baked) } : theme);
