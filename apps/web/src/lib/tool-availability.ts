import { AVAILABILITY_DATA_ID, type ToolAvailability } from '@huijing/contracts';
import type { ToolDefinition } from '@huijing/tools';
import { queryOptions } from '@tanstack/react-query';
import { api } from './request';

/**
 * Which tools an engine can run now (GET /api/ai/tools), shared by every entry point (home, /list,
 * the phone home) and the tool pages, so nothing leads a designer into a tool that cannot run.
 * One query key: the tool page and the entry points share one cached answer.
 */
export const toolAvailabilityKey = ['tools', 'availability'] as const;

export const toolAvailabilityQuery = () =>
  queryOptions({
    queryKey: toolAvailabilityKey,
    queryFn: async (): Promise<ToolAvailability[]> => {
      // No schema here: the home page's first load carries no validation code (lib/tool-catalog);
      // the server serializes this answer with the contract's schema.
      const envelope = await api.get<ToolAvailability[]>('/ai/tools', { silent: true });
      if (!envelope.success) throw new Error(envelope.message);
      return envelope.data;
    },
    staleTime: 30_000,
  });

/**
 * The answer the server sent with a tool page's shell (http/tool-shell.ts), if any: the page's
 * first render then knows which tools run (the frame's notice is already in the markup when its
 * tool cannot, and must stay), and nothing asks again until it is stale.
 */
export const availabilityFromShell = (): ToolAvailability[] | undefined => {
  const text = document.getElementById(AVAILABILITY_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? (list as ToolAvailability[]) : undefined;
  } catch {
    return undefined;
  }
};

/** true / false when known, undefined while the answer is loading (or failed). */
export type AvailabilityOf = (toolId: string) => boolean | undefined;

export const availabilityOf =
  (list: readonly ToolAvailability[] | undefined): AvailabilityOf =>
  (toolId) =>
    list?.find((a) => a.id === toolId)?.available;

/** Runnable tools first, then unknown, then unavailable; the registry order kept within each. */
export const runnableFirst = <T extends Pick<ToolDefinition, 'id'>>(
  tools: readonly T[],
  available: AvailabilityOf,
): T[] => {
  const rank = (id: string) => {
    const a = available(id);
    return a === true ? 0 : a === undefined ? 1 : 2;
  };
  return tools
    .map((tool, index) => ({ tool, index, rank: rank(tool.id) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((x) => x.tool);
};

/**
 * What an entry point leads with: the tools that run (unknown counts as runnable, so nothing is
 * moved before the answer lands) and, apart, the ones waiting for an engine, each in the
 * registry's order. With every engine configured `pending` is empty and the designer's order is
 * back as it was.
 */
export const splitRunnable = <T extends Pick<ToolDefinition, 'id'>>(
  tools: readonly T[],
  available: AvailabilityOf,
): { runnable: T[]; pending: T[] } => ({
  runnable: tools.filter((t) => available(t.id) !== false),
  pending: tools.filter((t) => available(t.id) === false),
});

/**
 * Families with something that runs first, in the designer's order; families whose every tool
 * waits for an engine go after them (they show only under 即将开通).
 */
export const runnableFamiliesFirst = <F extends string>(
  families: readonly F[],
  toolsOf: (family: F) => readonly Pick<ToolDefinition, 'id'>[],
  available: AvailabilityOf,
): F[] => {
  const runs = (family: F) => toolsOf(family).some((t) => available(t.id) !== false);
  return [...families.filter(runs), ...families.filter((f) => !runs(f))];
};

/**
 * The tool a hero features: the first runnable of `preferred` (best first), else the first
 * runnable of `all`; undefined while unknown or when nothing can run (the hero then offers the
 * list instead of a tool).
 */
export const featuredTool = <T extends Pick<ToolDefinition, 'id'>>(
  preferred: readonly string[],
  all: readonly T[],
  available: AvailabilityOf,
): T | undefined => {
  for (const id of preferred) {
    const tool = all.find((t) => t.id === id);
    if (tool && available(id) === true) return tool;
  }
  return all.find((t) => available(t.id) === true);
};

/** Runnable tools to suggest instead of an unavailable one (shared with the server's tool shells). */
export { runnableAlternatives } from '@huijing/contracts';
