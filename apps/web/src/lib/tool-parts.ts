import { paramsCheck, type JsonSchema } from './json-check';
import { keptLoad, keptNothing, type KeptPromise } from './kept-load';

/** One tool's widgets and parameters (its parameters as the light check's JSON Schema). */
export interface ToolPart {
  params: JsonSchema;
  widgets: Record<string, unknown>;
}

/** A tool's definition as the build writes it: without widgets and parameters, their names kept. */
export interface LightTool {
  id: string;
  paramKeys: string[];
}

const notLoaded = (id: string) =>
  new Error(`@huijing/tools: ${id}'s widgets and parameters are not loaded (loadToolPart)`);

/**
 * The web's registry at run time (build/light-checks.ts writes the data and the loaders): every
 * tool's definition at once, each tool's widgets and parameters when `loadToolPart(id)` has
 * brought them. Before that, `params.shape` names the parameters (prefill, the prompt menus read
 * it for any tool) and `widgets` or a parameter check throws a message naming the tool.
 * `loadToolPart` answers the same promise on every call, marked fulfilled once the part is in
 * (lib/kept-load.ts), so a page waits for it with React's `use`; a tool it does not know answers
 * a settled promise.
 */
export const toolParts = <T extends LightTool>(
  specs: readonly T[],
  loaders: Record<string, () => Promise<{ default: ToolPart }>>,
) => {
  const parts = new Map<string, ToolPart>();
  const loads = new Map(
    Object.entries(loaders).map(([id, load]) => [
      id,
      keptLoad(() => load().then((m) => void parts.set(id, m.default))),
    ]),
  );
  const loadToolPart = (id: string): KeptPromise<void> => loads.get(id)?.() ?? keptNothing;

  const allTools = specs.map(({ paramKeys, ...tool }) => {
    let check: ReturnType<typeof paramsCheck> | undefined;
    const names = {
      shape: Object.fromEntries(paramKeys.map((name) => [name, null])),
      parse: () => {
        throw notLoaded(tool.id);
      },
      safeParse: () => {
        throw notLoaded(tool.id);
      },
    };
    return Object.defineProperties(tool, {
      params: {
        enumerable: true,
        get: () => {
          const part = parts.get(tool.id);
          return part ? (check ??= paramsCheck(part.params)) : names;
        },
      },
      widgets: {
        enumerable: true,
        get: () => {
          const part = parts.get(tool.id);
          if (!part) throw notLoaded(tool.id);
          return part.widgets;
        },
      },
    });
  });
  return { allTools, loadToolPart };
};
