import type { ToolDefinition } from '@huijing/tools';

/** The finished-task pages of spec §2 and what each is for (docs/product-decisions.md). */
export type DoneVariant = 'done' | 'done2' | '3d';

export const donePaths: Record<DoneVariant, string> = {
  done: '/done',
  done2: '/done2',
  '3d': '/3dRenderDone',
};

/** 3D render has its own page; the other render tools use /done; edit and generate /done2. */
export const doneVariantFor = (tool: Pick<ToolDefinition, 'id' | 'family'>): DoneVariant =>
  tool.id === 'render-3d' ? '3d' : tool.family === 'render' ? 'done' : 'done2';

/** The owner's link to a task's done page (the task id is in the query: ?taskId=…). */
export const doneHref = (tool: Pick<ToolDefinition, 'id' | 'family'>, taskId: string) =>
  `${donePaths[doneVariantFor(tool)]}?taskId=${encodeURIComponent(taskId)}`;
