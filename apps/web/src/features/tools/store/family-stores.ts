import type { ToolFamily } from '@huijing/tools';
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** An uploaded image as the page keeps it: the file id the API takes and urls to show. */
export interface InputImage {
  fileId: string;
  url: string;
  thumbUrl: string | null;
  width: number;
  height: number;
}

export interface ToolState {
  inputs: Record<string, InputImage[]>;
  params: Record<string, unknown>;
  /** The run being watched (survives a reload, so a running task is found again). */
  taskId?: string;
}

interface FamilyState {
  tools: Record<string, ToolState>;
  setInput: (toolId: string, name: string, images: InputImage[]) => void;
  setParam: (toolId: string, name: string, value: unknown) => void;
  resetParams: (toolId: string) => void;
  setTask: (toolId: string, taskId: string | undefined) => void;
}

export const emptyToolState: ToolState = { inputs: {}, params: {} };

const update = (
  tools: Record<string, ToolState>,
  toolId: string,
  change: (t: ToolState) => ToolState,
) => ({ tools: { ...tools, [toolId]: change(tools[toolId] ?? emptyToolState) } });

/** Storage key per family: each render family keeps its own state (spec §1). */
export const familyStorageKey = (family: ToolFamily) => `hj-tool-state-${family}`;

const createFamilyStore = (family: ToolFamily) =>
  create<FamilyState>()(
    persist(
      (set) => ({
        tools: {},
        setInput: (toolId, name, images) =>
          set((s) =>
            update(s.tools, toolId, (t) => ({ ...t, inputs: { ...t.inputs, [name]: images } })),
          ),
        setParam: (toolId, name, value) =>
          set((s) =>
            update(s.tools, toolId, (t) => ({ ...t, params: { ...t.params, [name]: value } })),
          ),
        resetParams: (toolId) => set((s) => update(s.tools, toolId, (t) => ({ ...t, params: {} }))),
        setTask: (toolId, taskId) => set((s) => update(s.tools, toolId, (t) => ({ ...t, taskId }))),
      }),
      {
        name: familyStorageKey(family),
        version: 1,
        storage: createJSONStorage(() => localStorage),
        partialize: (s) => ({ tools: s.tools }),
      },
    ),
  );

const stores = new Map<ToolFamily, UseBoundStore<StoreApi<FamilyState>>>();

/** One small store per family, created on first use. */
export const familyStore = (family: ToolFamily) => {
  let store = stores.get(family);
  if (!store) {
    store = createFamilyStore(family);
    stores.set(family, store);
  }
  return store;
};
