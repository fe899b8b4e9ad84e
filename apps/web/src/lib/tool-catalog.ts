import type { ToolFamily } from '@huijing/tools';
import { catalogTools, familyNames, type CatalogTool } from 'virtual:tool-catalog';

/**
 * The tools as cards and links need them, without the registry's zod schemas: the home page and
 * the shell use this, so their first load carries no validation code. Same order as the registry.
 */
export type { CatalogTool };
export { catalogTools, familyNames };

const byId = new Map(catalogTools.map((t) => [t.id, t]));

export const catalogTool = (id: string): CatalogTool | undefined => byId.get(id);

export const catalogOfFamily = (family: ToolFamily): CatalogTool[] =>
  catalogTools.filter((t) => t.family === family);
