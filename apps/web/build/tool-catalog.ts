import type * as Tools from '@huijing/tools';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type * as ToolParams from '../src/features/tools/model/tool-params';

const promptOf = (first: { widget: Tools.Widget } | undefined) =>
  first?.widget.kind === 'prompt'
    ? { prompt: { label: first.widget.label, placeholder: first.widget.help } }
    : {};

const ID = 'virtual:tool-catalog';
const RESOLVED = `\0${ID}`;
const FRAMES = 'virtual:tool-frames';
const FRAMES_RESOLVED = `\0${FRAMES}`;

/**
 * `virtual:tool-catalog`: what cards, menus and the footer show of each tool (id, family, names,
 * badge, entry path), taken from the registry at build time. The registry itself carries every
 * tool's zod parameter schema; the home page and the shell need none of that, so they import
 * this plain list and leave zod to the tool pages (docs/performance.md).
 */
export const toolCatalog = (): Plugin => ({
  name: 'huijing-tool-catalog',
  resolveId: (id) => (id === ID ? RESOLVED : id === FRAMES ? FRAMES_RESOLVED : undefined),
  async load(id) {
    if (id === FRAMES_RESOLVED) {
      // `virtual:tool-frames`: what the tool page's first paint draws before its form arrives
      // (app/screens/tool-frame.tsx): the upload cards, whether a settings card follows, and what
      // the empty stage says.
      const { allTools, toolVerb } = (await tsImport(
        '@huijing/tools',
        import.meta.url,
      )) as typeof Tools;
      const { widgetEntries } = (await tsImport(
        '../src/features/tools/model/tool-params.ts',
        import.meta.url,
      )) as typeof ToolParams;
      const frames = Object.fromEntries(
        allTools.map((t) => [
          t.id,
          {
            inputs: t.inputs
              .filter((i) => i.name !== 'mask')
              .map((i) => ({ name: i.name, label: i.label, required: i.required })),
            form: Object.values(t.widgets).some((w) => w !== undefined && w.kind !== 'hidden'),
            // The stage's third step names the start button's verb (StageEmpty).
            verb: toolVerb(t),
            // The settings' first field when it is the prompt box: the frame draws its label
            // and placeholder where the form will (the box's words are the page's largest).
            ...promptOf(widgetEntries(t).main[0]),
          },
        ]),
      );
      return `export const toolFrames = ${JSON.stringify(frames)};\n`;
    }
    if (id !== RESOLVED) return undefined;
    // The registry is TypeScript source (a workspace package); tsx loads it in the build's Node.
    const { allTools, familyNames, toolEntry, toolFamilySchema } = (await tsImport(
      '@huijing/tools',
      import.meta.url,
    )) as typeof Tools;
    const tools = allTools.map((t) => ({
      id: t.id,
      family: t.family,
      name: t.name,
      description: t.description,
      ...(t.badge ? { badge: t.badge } : {}),
      entry: toolEntry(t),
      routes: t.routes,
    }));
    return [
      `export const catalogTools = ${JSON.stringify(tools)};`,
      `export const familyNames = ${JSON.stringify(familyNames)};`,
      `export const toolFamilies = ${JSON.stringify(toolFamilySchema.options)};`,
      '',
    ].join('\n');
  },
});
