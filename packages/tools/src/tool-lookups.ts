import type { ToolDefinition, ToolFamily } from './define-tool';

// Plain code (no zod): the registry builds its lookups with this, and so does the web's registry
// as data (apps/web/build/light-checks.ts), so the two answer alike.

type Routed = Pick<ToolDefinition, 'id' | 'routes' | 'family'>;

export const toolLookups = <T extends Routed>(tools: readonly T[]) => {
  const byId = new Map(tools.map((t) => [t.id, t]));
  // The first tool to claim a route is its page's canonical tool (/imgs2Video: multi-image video,
  // whose page also offers the first/last-frame mode).
  const byRoute = new Map<string, T>();
  for (const t of tools)
    for (const r of t.routes) if (!byRoute.has(r.toLowerCase())) byRoute.set(r.toLowerCase(), t);
  return {
    getTool: (id: string): T | undefined => byId.get(id),
    /** The tool whose page owns a route path (case-insensitive, as /materialchange and /materialChange are one page). */
    toolForRoute: (path: string): T | undefined => byRoute.get(path.toLowerCase()),
    toolsOfFamily: (family: ToolFamily): T[] => tools.filter((t) => t.family === family),
  };
};
