import {
  allTools,
  toolFamilySchema,
  type ToolDefinition,
  type ToolFamily,
  type ToolInput,
} from '@huijing/tools';

/**
 * The phone flow's addresses and rules. Every phone page is a "mobile" path (spec §2 keeps a
 * phone there), so tools are named by id in the query instead of by their desktop route:
 *   /mobileList?family=render|edit|generate&q=…   tools of a family, or a search across all
 *   /mobilePrepare?tool=<id>                       upload and parameters of one tool
 *   /mobileDone?tool=<id>&task=<taskId>            progress, then the result of one run
 *   /mobileDone                                    the signed-in designer's recent runs
 */

export const mobileFamilies: readonly ToolFamily[] = toolFamilySchema.options;

/** An unknown or missing family opens the first one (AI 渲染), as the desktop list does. */
export const parseFamily = (value: string | null | undefined): ToolFamily => {
  const parsed = toolFamilySchema.safeParse(value);
  return parsed.success ? parsed.data : mobileFamilies[0]!;
};

export const parseListQuery = (search: string): { family: ToolFamily; q: string } => {
  const params = new URLSearchParams(search);
  return { family: parseFamily(params.get('family')), q: (params.get('q') ?? '').trim() };
};

export const toolById = (id: string | null | undefined): ToolDefinition | undefined =>
  id ? allTools.find((t) => t.id === id) : undefined;

export const parseDoneQuery = (search: string): { tool?: ToolDefinition; taskId?: string } => {
  const params = new URLSearchParams(search);
  const taskId = params.get('task')?.trim() || undefined;
  return { tool: toolById(params.get('tool')), taskId };
};

export const listHref = (family: ToolFamily, q = '') =>
  `/mobileList?family=${family}${q ? `&q=${encodeURIComponent(q)}` : ''}`;
export const prepareHref = (toolId: string) => `/mobilePrepare?tool=${encodeURIComponent(toolId)}`;
export const doneHref = (toolId: string, taskId: string) =>
  `/mobileDone?tool=${encodeURIComponent(toolId)}&task=${encodeURIComponent(taskId)}`;

/** Case-, space- and width-insensitive. */
const normalise = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

/**
 * Search on a phone is the way across families, so it looks at names and descriptions in both
 * languages; names that match come before descriptions that match.
 */
export const searchTools = (tools: readonly ToolDefinition[], query: string): ToolDefinition[] => {
  const q = normalise(query);
  if (!q) return [...tools];
  const byName = (t: ToolDefinition) =>
    normalise(t.name['zh-CN']).includes(q) || normalise(t.name['en-US']).includes(q);
  const byText = (t: ToolDefinition) =>
    normalise(t.description['zh-CN']).includes(q) || normalise(t.description['en-US']).includes(q);
  return [...tools.filter(byName), ...tools.filter((t) => !byName(t) && byText(t))];
};

/**
 * Tools with a `mask` input have the region painted on the photo in the shared mask editor, on a
 * phone as on the desktop (required for clean, local render, material and background change;
 * matting's refinement is optional).
 */
export const paintsMask = (tool: Pick<ToolDefinition, 'inputs'>): boolean =>
  tool.inputs.some((i) => i.name === 'mask');

/** The inputs a phone uploads from the camera or album: all but the painted mask. */
export const uploadInputs = (tool: Pick<ToolDefinition, 'inputs'>): ToolInput[] =>
  tool.inputs.filter((i) => i.name !== 'mask');

/** The start request's inputs: file ids by name, a list for list inputs; empty ones left out. */
export const startInputs = (
  inputs: readonly ToolInput[],
  images: Record<string, readonly { fileId: string }[] | undefined>,
): Record<string, string | string[]> =>
  Object.fromEntries(
    inputs
      .filter((i) => (images[i.name]?.length ?? 0) > 0)
      .map((i) => {
        const ids = images[i.name]!.map((img) => img.fileId);
        return [i.name, i.multiple ? ids : ids[0]!];
      }),
  );
