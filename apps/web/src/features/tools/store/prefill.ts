import { getTool, toolEntry } from '@huijing/tools';
import { loadTaskIntoStore } from './load-task';

/**
 * 做同款 (from the gallery, composed by the app): a picture's settings go into its tool's form,
 * with no images (the designer adds their own); answers the tool's address, or undefined for a
 * tool that no longer exists.
 */
export const prefillTool = (toolId: string, settings: Record<string, unknown>) => {
  const tool = getTool(toolId);
  if (!tool) return undefined;
  const params = Object.fromEntries(
    Object.entries(settings).filter(([name]) => name in tool.params.shape),
  );
  loadTaskIntoStore(tool, { params, inputs: {}, missing: [] });
  return toolEntry(tool);
};
