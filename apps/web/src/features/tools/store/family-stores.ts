import type { ToolFamily } from '@huijing/tools';
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { holdExpired, sameInputs, withFreshLinks, type Inputs } from './input-links';
import { refreshFamilyLinks } from './refresh-links';
import { familyStorageKey } from './saved-work';
import type { FamilyState, ToolState } from './state-types';

export type { FamilyState, InputImage, ToolState } from './state-types';

export const emptyToolState: ToolState = { inputs: {}, params: {} };

const update = (
  tools: Record<string, ToolState>,
  toolId: string,
  change: (t: ToolState) => ToolState,
) => ({ tools: { ...tools, [toolId]: change(tools[toolId] ?? emptyToolState) } });

const createFamilyStore = (family: ToolFamily) =>
  create<FamilyState>()(
    persist(
      (set) => ({
        tools: {},
        held: {},
        // A new input makes held ones stale (a held mask belongs to the held picture).
        setInput: (toolId, name, images) =>
          set((s) => ({
            ...update(s.tools, toolId, (t) => ({
              ...t,
              inputs: { ...t.inputs, [name]: images },
            })),
            held: without(s.held, toolId),
          })),
        setParam: (toolId, name, value) =>
          set((s) =>
            update(s.tools, toolId, (t) => ({ ...t, params: { ...t.params, [name]: value } })),
          ),
        resetParams: (toolId) => set((s) => update(s.tools, toolId, (t) => ({ ...t, params: {} }))),
        setTask: (toolId, taskId) => set((s) => update(s.tools, toolId, (t) => ({ ...t, taskId }))),
        holdStale: (now) =>
          set((s) => {
            const { tools, held } = holdExpired(s.tools, now);
            return Object.keys(held).length ? { tools, held: { ...s.held, ...held } } : s;
          }),
        applyLinks: (fresh, asked) =>
          set((s) => {
            let changed = Object.keys(s.held).length > 0;
            const tools: Record<string, ToolState> = {};
            for (const [toolId, tool] of Object.entries(s.tools)) {
              const inputs = withFreshLinks(s.held[toolId] ?? tool.inputs, fresh, asked);
              if (!sameInputs(inputs, tool.inputs)) changed = true;
              tools[toolId] = { ...tool, inputs };
            }
            return changed ? { tools, held: {} } : s;
          }),
      }),
      {
        name: familyStorageKey(family),
        version: 1,
        storage: createJSONStorage(() => localStorage),
        partialize: (s) => ({ tools: withHeld(s.tools, s.held) }),
        // Restored inputs whose links expired wait for fresh ones (refresh-links.ts).
        merge: (saved, current) => {
          const tools = (saved as { tools?: Record<string, ToolState> } | undefined)?.tools ?? {};
          return { ...current, ...holdExpired(tools, Date.now()) };
        },
      },
    ),
  );

const without = <T>(map: Record<string, T>, key: string): Record<string, T> => {
  if (!(key in map)) return map;
  const { [key]: _gone, ...rest } = map;
  return rest;
};

const withHeld = (tools: Record<string, ToolState>, held: Record<string, Inputs>) => {
  if (Object.keys(held).length === 0) return tools;
  const all = { ...tools };
  for (const [toolId, inputs] of Object.entries(held)) {
    all[toolId] = { ...(all[toolId] ?? emptyToolState), inputs };
  }
  return all;
};

const stores = new Map<ToolFamily, UseBoundStore<StoreApi<FamilyState>>>();

/**
 * One small store per family, created on first use. Restored from local storage, its inputs' links
 * are renewed once right away (they may have expired while the page was closed).
 */
export const familyStore = (family: ToolFamily) => {
  const known = stores.get(family);
  if (known) return known;
  const store = createFamilyStore(family);
  stores.set(family, store);
  // After the render that asked for the store, never inside it.
  queueMicrotask(() => void refreshFamilyLinks(family, store, 'all'));
  return store;
};

/**
 * Renews the links of every family already in use whose links have expired or soon will (a tab
 * left open for hours, a sign-in after a reload). Called when an upload card mounts signed in.
 */
export const refreshStaleLinks = () =>
  Promise.all([...stores].map(([family, store]) => refreshFamilyLinks(family, store, 'stale')));
