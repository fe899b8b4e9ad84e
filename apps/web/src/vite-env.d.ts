/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Comma-separated hosts that should move to VITE_CANONICAL_HOST (the server 301s too). */
  readonly VITE_LEGACY_HOSTS?: string;
  readonly VITE_CANONICAL_HOST?: string;
}

declare module 'virtual:tool-catalog' {
  import type { ToolDefinition, ToolFamily } from '@huijing/tools';
  /** The registry's tools without their parameter schemas (apps/web/build/tool-catalog.ts). */
  export type CatalogTool = Pick<
    ToolDefinition,
    'id' | 'family' | 'name' | 'description' | 'badge' | 'routes'
  > & { entry: string };
  export const catalogTools: readonly CatalogTool[];
  export const familyNames: Record<ToolFamily, { 'zh-CN': string; 'en-US': string }>;
  /** The families in the registry's order (toolFamilySchema.options). */
  export const toolFamilies: readonly ToolFamily[];
}

declare module 'virtual:light-checks' {
  import type * as Contracts from '@huijing/contracts';
  import type { z } from 'zod';
  /** A contract's zod schema as a check made at build time (build/light-checks.ts, lib/json-check.ts). */
  // An ambient module cannot import by a relative path; a type query can.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  type Light<K extends keyof typeof Contracts> = import('./lib/json-check').Check<
    z.output<(typeof Contracts)[K]>
  >;
  export const classifyTreeSchema: Light<'classifyTreeSchema'>;
  export const clickMaskResultSchema: Light<'clickMaskResultSchema'>;
  export const materialLibrarySchema: Light<'materialLibrarySchema'>;
  export const queueEstimateSchema: Light<'queueEstimateSchema'>;
  export const sharedTaskSchema: Light<'sharedTaskSchema'>;
  export const shareTaskResultSchema: Light<'shareTaskResultSchema'>;
  export const startTaskResultSchema: Light<'startTaskResultSchema'>;
  export const taskDetailSchema: Light<'taskDetailSchema'>;
  export const taskInfoSchema: Light<'taskInfoSchema'>;
  export const taskListSchema: Light<'taskListSchema'>;
  export const uploadLinksResultSchema: Light<'uploadLinksResultSchema'>;
  export const uploadResultSchema: Light<'uploadResultSchema'>;
}

declare module 'virtual:locale/*' {
  /** One zh-CN string tree taken from locales/zh-CN.ts at build time (build/locale-parts.ts). */
  const strings: Record<string, unknown>;
  export default strings;
}

declare module 'virtual:tool-frames' {
  import type { Localized, ToolInput } from '@huijing/tools';
  /** Per tool id: its upload cards (the mask excluded), whether it has settings, its start verb. */
  export const toolFrames: Record<
    string,
    {
      inputs: Pick<ToolInput, 'name' | 'label' | 'required'>[];
      form: boolean;
      verb: Localized;
      /** The settings' first field, when it is the prompt box (tool-frame.tsx draws it). */
      prompt?: { label: Localized; placeholder?: Localized };
    }
  >;
}

declare module 'virtual:antd-styles' {
  /** antd's styles baked at build time (build/antd-styles.ts); undefined in dev and tests. */
  export const antdStylesHref: string | undefined;
}

declare module 'virtual:antd-map-token' {
  import type { MapToken, SeedToken } from 'antd/es/theme/interface';
  /** The theme's seed and map token derived at build time (components/prebuilt-algorithm.ts). */
  export const antdMapToken: { seed: SeedToken; map: MapToken } | undefined;
}
