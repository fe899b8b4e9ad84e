import type { ToolFamily } from '@huijing/tools';

/** Storage key per family: each render family keeps its own state (spec §1). */
export const familyStorageKey = (family: ToolFamily) => `hj-tool-state-${family}`;

/**
 * Whether this device keeps work of a tool — a picture to start from or a run — in its family's
 * saved state (family-stores.ts), read without making the store. Where it cannot be known (no
 * storage, a prerender at build time) the answer is yes, so nothing is drawn that the workspace
 * would then take away.
 */
export const hasSavedWork = (family: ToolFamily, toolId: string): boolean => {
  try {
    const raw = localStorage.getItem(familyStorageKey(family));
    if (!raw) return false;
    const tool = (JSON.parse(raw) as { state?: { tools?: Record<string, SavedTool> } }).state
      ?.tools?.[toolId];
    return Boolean(tool?.taskId) || (tool?.inputs?.['upload_img']?.length ?? 0) > 0;
  } catch {
    return true;
  }
};

interface SavedTool {
  taskId?: string;
  inputs?: Record<string, unknown[] | undefined>;
}
