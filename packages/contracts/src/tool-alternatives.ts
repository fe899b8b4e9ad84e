/**
 * Zod-free: shared by the web (the unavailable notice) and the server (which writes the same
 * notice into a tool page's shell when the tool cannot run, http/tool-shell.ts).
 */

/** true / false when known, undefined while unknown. */
export type AvailableOf = (toolId: string) => boolean | undefined;

/**
 * Runnable tools to suggest instead of an unavailable one: same family first, then the rest, in
 * the order given (the registry's); never the tool itself.
 */
export const runnableAlternatives = <T extends { id: string; family: string }>(
  tool: { id: string; family: string },
  all: readonly T[],
  available: AvailableOf,
  count = 2,
): T[] => {
  const runnable = all.filter((t) => t.id !== tool.id && available(t.id) === true);
  const same = runnable.filter((t) => t.family === tool.family);
  const other = runnable.filter((t) => t.family !== tool.family);
  return [...same, ...other].slice(0, count);
};

/**
 * The id of the `<script type="application/json">` in which the server hands a tool page the
 * availability list (GET /api/ai/tools's data) with its shell, so the page's first render knows
 * it without asking.
 */
export const AVAILABILITY_DATA_ID = 'hj-availability';

/**
 * The cookie in which a browser names the tools it keeps work of (a picture or a run, separated
 * by `.`), written by the tool page as it is left: the server then sends those tools' pages
 * without the empty stage's steps, which the designer's own work replaces.
 */
export const SAVED_WORK_COOKIE = 'hj_work';

/**
 * What the build writes to `pages/<TOOL_SHELL_PARTS_FILE>` for the server's tool-page shells
 * (apps/web/build/prerender.ts → apps/server/src/http/tool-shell.ts).
 */
export const TOOL_SHELL_PARTS_FILE = 'tool-shell.json';
export interface ToolShellParts {
  /** The frame's unavailable notice with 0, 1 and 2 alternatives (`noticePlaceholders`). */
  templates: string[];
  /** The notice goes just before the first occurrence of this markup in a tool page's shell. */
  before: string;
  /** Per tool, its empty stage (tile and three steps), for a visitor who keeps no work of it. */
  steps: Record<string, string>;
  /** The frame's empty stage as prerendered, which the steps go into. */
  stage: string;
  /** The tools a notice may suggest, in the registry's order. */
  tools: { id: string; family: string; name: string; href: string }[];
}

/** What stands in a notice template for alternative `i`'s id, name and link. */
export const noticePlaceholders = (i: number) => ({
  id: `__hj_id_${i}__`,
  name: `__hj_name_${i}__`,
  href: `/__hj_href_${i}__`,
});
