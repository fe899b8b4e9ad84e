import { SAVED_WORK_COOKIE } from '@huijing/contracts';
import type { ToolFamily } from '@huijing/tools';
import { useEffect } from 'react';

/** Storage key per family: each render family keeps its own state (spec §1). */
export const familyStorageKey = (family: ToolFamily) => `hj-tool-state-${family}`;

/** A family's saved tools as stored; undefined where storage cannot be read or parsed. */
const savedToolsOf = (family: ToolFamily): Record<string, SavedTool> | undefined => {
  try {
    const raw = localStorage.getItem(familyStorageKey(family));
    if (!raw) return {};
    return (
      (JSON.parse(raw) as { state?: { tools?: Record<string, SavedTool> } }).state?.tools ?? {}
    );
  } catch {
    return undefined;
  }
};

const keepsWork = (tool: SavedTool | undefined) =>
  Boolean(tool?.taskId) || (tool?.inputs?.['upload_img']?.length ?? 0) > 0;

/**
 * Whether this device keeps work of a tool — a picture to start from or a run — in its family's
 * saved state (family-stores.ts), read without making the store. Where it cannot be known (no
 * storage, a prerender at build time) the answer is yes, so nothing is drawn that the workspace
 * would then take away.
 */
export const hasSavedWork = (family: ToolFamily, toolId: string): boolean => {
  const tools = savedToolsOf(family);
  return tools === undefined || keepsWork(tools[toolId]);
};

interface SavedTool {
  taskId?: string;
  inputs?: Record<string, unknown[] | undefined>;
}

/**
 * Tells the server, in the `hj_work` cookie, which tools this device keeps work of, so their
 * pages come without the empty stage's steps (apps/server/src/http/tool-shell.ts) and the steps
 * never flash before the designer's own picture. Written as a tool page is left or hidden; no
 * cookie while there is none, and none where storage cannot be read.
 */
export const rememberSavedWork = (tools: readonly { id: string; family: ToolFamily }[]) => {
  // Each family's state is read once, not once per tool.
  const byFamily = new Map<ToolFamily, Record<string, SavedTool> | undefined>();
  const ids: string[] = [];
  for (const t of tools) {
    if (!byFamily.has(t.family)) byFamily.set(t.family, savedToolsOf(t.family));
    const saved = byFamily.get(t.family);
    if (saved === undefined) return;
    if (keepsWork(saved[t.id])) ids.push(t.id);
  }
  document.cookie = ids.length
    ? `${SAVED_WORK_COOKIE}=${ids.join('.')}; Path=/; Max-Age=31536000; SameSite=Lax`
    : `${SAVED_WORK_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
};

/** Keeps the cookie current while a tool page is open: written as the page is hidden or left. */
export const useRememberSavedWork = (tools: readonly { id: string; family: ToolFamily }[]) =>
  useEffect(() => {
    const remember = () => rememberSavedWork(tools);
    const hidden = () => {
      if (document.visibilityState === 'hidden') remember();
    };
    window.addEventListener('pagehide', remember);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', remember);
      document.removeEventListener('visibilitychange', hidden);
      remember();
    };
  }, [tools]);
