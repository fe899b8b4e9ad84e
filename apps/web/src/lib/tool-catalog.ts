import type { ToolFamily } from '@huijing/tools';
import { catalogTools, familyNames, toolFamilies, type CatalogTool } from 'virtual:tool-catalog';

/**
 * The tools as cards and links need them, without the registry's zod schemas: the home page and
 * the shell use this, so their first load carries no validation code. Same order as the registry.
 */
export type { CatalogTool };
export { catalogTools, familyNames, toolFamilies };

const byId = new Map(catalogTools.map((t) => [t.id, t]));
// The first tool to claim a route is its page's canonical tool, as in the registry's toolForRoute.
const byRoute = new Map<string, CatalogTool>();
for (const t of catalogTools)
  for (const r of t.routes) if (!byRoute.has(r.toLowerCase())) byRoute.set(r.toLowerCase(), t);

export const catalogTool = (id: string): CatalogTool | undefined => byId.get(id);

/** The tool whose page owns a route path (case-insensitive). */
export const catalogToolForRoute = (path: string): CatalogTool | undefined =>
  byRoute.get(path.toLowerCase());

export const catalogOfFamily = (family: ToolFamily): CatalogTool[] =>
  catalogTools.filter((t) => t.family === family);
