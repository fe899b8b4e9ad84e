import {
  classifyGroups,
  INDOOR_EXTERIOR_DEFAULT_INDEX,
  indoorExteriorDefault,
  type ClassifyNode,
} from '@huijing/contracts';
import type { ToolDefinition, Widget } from '@huijing/tools';

/** Parameters whose default the catalogue decides: pickers on the window-view group (index 6). */
export const catalogueDefaultParams = (tool: ToolDefinition): string[] =>
  Object.entries(tool.widgets)
    .filter(
      ([, w]) =>
        w?.kind === 'style-picker' &&
        w.catalog !== undefined &&
        classifyGroups[w.catalog] === INDOOR_EXTERIOR_DEFAULT_INDEX,
    )
    .map(([name]) => name);

/**
 * Spec §9: "index 6 drives the indoor exterior default". The registry's default is the seeded
 * first view (so a run without the catalogue is valid); once the tree is loaded, its first
 * enabled leaf wins, so an admin who re-orders or disables views changes the default too.
 */
export const catalogueDefaults = (
  tool: ToolDefinition,
  tree: readonly ClassifyNode[] | undefined,
): Record<string, unknown> => {
  const id = tree ? indoorExteriorDefault([...tree]) : undefined;
  if (!id) return {};
  return Object.fromEntries(catalogueDefaultParams(tool).map((name) => [name, id]));
};

/**
 * Defaults of the tool (`params.parse({})`), then the catalogue's defaults, overlaid with what
 * the designer changed.
 */
export const paramValues = (
  tool: ToolDefinition,
  saved: Record<string, unknown>,
  fromCatalogue: Record<string, unknown> = {},
): Record<string, unknown> => {
  const defaults = {
    ...(tool.params.parse({}) as Record<string, unknown>),
    ...fromCatalogue,
  };
  // By the schema's keys, not the defaults': optional parameters have no default but count.
  const known = Object.fromEntries(Object.entries(saved).filter(([k]) => k in tool.params.shape));
  return { ...defaults, ...known };
};

/** The first validation message of the current values, or undefined when they parse. */
export const paramsError = (tool: ToolDefinition, values: Record<string, unknown>) => {
  const result = tool.params.safeParse(values);
  return result.success ? undefined : (result.error.issues[0]?.message ?? '参数有误');
};

export interface WidgetEntry {
  name: string;
  widget: Widget;
}

/** More open fields than this and the scene options (view, atmosphere…) fold away too. */
export const MAIN_FIELDS_MAX = 5;

/**
 * Widgets in declaration order, split into the main form and the folded parts: advanced ones
 * always, the scene group (view, atmosphere, surroundings) when the form would be long (a
 * render tool's settings would run to ~3 000 px; the upload and the start button stay near).
 */
export const widgetEntries = (tool: ToolDefinition) => {
  const all = Object.entries(tool.widgets)
    .filter((e): e is [string, Widget] => e[1] !== undefined && e[1].kind !== 'hidden')
    .map(([name, widget]) => ({ name, widget }));
  const open = all.filter((e) => !e.widget.advanced);
  const foldScene = open.length > MAIN_FIELDS_MAX;
  const inScene = (e: (typeof all)[number]) => foldScene && e.widget.group === 'scene';
  return {
    main: open.filter((e) => !inScene(e)),
    scene: open.filter(inScene),
    advanced: all.filter((e) => e.widget.advanced),
  };
};
