import type { ToolDefinition } from './define-tool';

// Plain helpers (no zod): the web's build serves the registry without zod (apps/web/build/
// light-checks.ts) and takes these from here.

export const toolEntry = (tool: Pick<ToolDefinition, 'entry' | 'routes'>): string =>
  tool.entry ?? tool.routes[0]!;

/**
 * Tickets one run costs: the tool's price per image times the images asked for (`count`, where a
 * tool has it). Server and web both use this, so the price a designer sees is the price held.
 */
export const runPrice = (unitPrice: number, count: unknown): number =>
  unitPrice * (typeof count === 'number' && Number.isInteger(count) && count > 1 ? count : 1);
