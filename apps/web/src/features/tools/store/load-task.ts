import type { TaskDetail } from '@huijing/contracts';
import type { ToolDefinition } from '@huijing/tools';
import { familyStore, type InputImage } from './family-stores';

/** What "再来一次" starts from: one earlier run's settings and images, as the form keeps them. */
export interface TaskSetup {
  params: Record<string, unknown>;
  inputs: Record<string, InputImage[]>;
  /** The tool's inputs whose files are gone: the designer has to upload them again. */
  missing: ToolDefinition['inputs'];
}

/**
 * The owner's task detail as a form setup for this tool. Only what the tool still knows is kept
 * (a parameter or input the registry dropped since the run is ignored).
 */
export const taskSetup = (
  tool: ToolDefinition,
  detail: Pick<TaskDetail, 'params' | 'inputs' | 'missingInputs'>,
): TaskSetup => ({
  params: Object.fromEntries(
    Object.entries(detail.params).filter(([name]) => name in tool.params.shape),
  ),
  inputs: Object.fromEntries(
    tool.inputs
      .filter((i) => (detail.inputs[i.name]?.length ?? 0) > 0)
      .map((i) => [i.name, detail.inputs[i.name]!]),
  ),
  missing: tool.inputs.filter((i) => detail.missingInputs.includes(i.name)),
});

/**
 * Puts a run's settings and images into the tool's form (its family store), replacing what was
 * there: inputs the run did not have are emptied, parameters it did not set fall back to the
 * defaults. `taskId` is the run the stage shows afterwards (undefined: the form, no result).
 */
export const loadTaskIntoStore = (tool: ToolDefinition, setup: TaskSetup, taskId?: string) => {
  const store = familyStore(tool.family).getState();
  store.resetParams(tool.id);
  for (const [name, value] of Object.entries(setup.params)) store.setParam(tool.id, name, value);
  for (const input of tool.inputs)
    store.setInput(tool.id, input.name, setup.inputs[input.name] ?? []);
  store.setTask(tool.id, taskId);
};
