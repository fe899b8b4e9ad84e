import type { ToolDefinition, Widget } from '@huijing/tools';

/** Defaults of the tool (`params.parse({})`) overlaid with what the designer changed. */
export const paramValues = (
  tool: ToolDefinition,
  saved: Record<string, unknown>,
): Record<string, unknown> => {
  const defaults = tool.params.parse({}) as Record<string, unknown>;
  const known = Object.fromEntries(Object.entries(saved).filter(([k]) => k in defaults));
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

/** Widgets in declaration order, split into the main form and the folded advanced part. */
export const widgetEntries = (tool: ToolDefinition) => {
  const all = Object.entries(tool.widgets)
    .filter((e): e is [string, Widget] => e[1] !== undefined && e[1].kind !== 'hidden')
    .map(([name, widget]) => ({ name, widget }));
  return {
    main: all.filter((e) => !e.widget.advanced),
    advanced: all.filter((e) => e.widget.advanced),
  };
};
