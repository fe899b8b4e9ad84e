import type { ToolDefinition } from '@huijing/tools';

/** Case-, space- and width-insensitive match on the Chinese or English tool name. */
const normalise = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

export const filterTools = (tools: readonly ToolDefinition[], query: string): ToolDefinition[] => {
  const q = normalise(query);
  if (!q) return [...tools];
  return tools.filter(
    (t) => normalise(t.name['zh-CN']).includes(q) || normalise(t.name['en-US']).includes(q),
  );
};

/** Tab numbers are 1-based (spec §9 default tab 1); anything unknown falls back to tab 1. */
export const tabFromParam = (value: string | null, count: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= count ? n : 1;
};
