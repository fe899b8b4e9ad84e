import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Contracts from '@huijing/contracts';
import type * as Tools from '@huijing/tools';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type { z } from 'zod';
import { LIGHT_CONTRACT_CHECKS, lightSchema } from './light-schema';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const toolsSrc = path.resolve(web, '../../packages/tools/src');
const jsonCheckFile = path.join(web, 'src/lib/json-check.ts');
const toolPartsFile = path.join(web, 'src/lib/tool-parts.ts');

const LIGHT_CHECKS = 'virtual:light-checks';
const TOOLS_LIGHT = '\0huijing-tools-light';

const contractChecks = async (): Promise<string> => {
  const contracts = (await tsImport('@huijing/contracts', import.meta.url)) as typeof Contracts;
  return [
    `import { jsonCheck } from ${JSON.stringify(jsonCheckFile)};`,
    ...LIGHT_CONTRACT_CHECKS.map(
      (name) =>
        `export const ${name} = /* @__PURE__ */ jsonCheck(JSON.parse(${JSON.stringify(
          JSON.stringify(lightSchema(name, contracts[name] as z.ZodType)),
        )}));`,
    ),
    '',
  ].join('\n');
};

const TOOL_PART = 'huijing-tool-part:';

let registry: Promise<typeof Tools> | undefined;
const realTools = () =>
  (registry ??= tsImport('@huijing/tools', import.meta.url) as Promise<typeof Tools>);

/**
 * The registry as data: every tool's definition without its widgets and parameters, which come
 * per tool (`toolPart` below) when a page asks `loadToolPart(id)`; the parameters' names are here
 * (`params.shape`, read for other tools by the send-to and prompt menus). What runs in the page
 * is src/lib/tool-parts.ts; this writes only the data and one loader per tool.
 */
const toolsLight = async (): Promise<string> => {
  const tools = await realTools();
  // `hosted` (the providers' prompt templates) is read by the server only.
  const specs = tools.allTools.map(({ params, widgets: _widgets, hosted: _hosted, ...meta }) => ({
    ...meta,
    paramKeys: Object.keys(lightSchema(`tool ${meta.id}`, params).properties ?? {}),
  }));
  const from = (file: string) => JSON.stringify(path.join(toolsSrc, file));
  const loaders = specs
    .map((t) => `${JSON.stringify(t.id)}: () => import(${JSON.stringify(TOOL_PART + t.id)})`)
    .join(',\n  ');
  return `import { jsonCheck } from ${JSON.stringify(jsonCheckFile)};
import { toolParts } from ${JSON.stringify(toolPartsFile)};
import { toolLookups } from ${from('tool-lookups.ts')};
export { toolEntry, runPrice } from ${from('tool-entry.ts')};
export { toolVerb, capabilityVerbs } from ${from('verbs.ts')};
export { aspectSize, imageAspects } from ${from('aspects.ts')};
export const familyNames = ${JSON.stringify(tools.familyNames)};
export const toolFamilySchema = jsonCheck(${JSON.stringify(lightSchema('toolFamilySchema', tools.toolFamilySchema))});
toolFamilySchema.options = ${JSON.stringify(tools.toolFamilySchema.options)};
export const { allTools, loadToolPart } = toolParts(JSON.parse(${JSON.stringify(JSON.stringify(specs))}), {
  ${loaders}
});
export const { getTool, toolForRoute, toolsOfFamily } = toolLookups(allTools);
`;
};

/** One tool's widgets and parameters (as the light check's JSON Schema). */
const toolPart = async (id: string): Promise<string> => {
  const tool = (await realTools()).getTool(id);
  if (!tool) throw new Error(`light-checks: no tool ${id}`);
  const part = { params: lightSchema(`tool ${id}`, tool.params), widgets: tool.widgets };
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});\n`;
};

/**
 * zod stays at build time for the tool page: `@huijing/tools` in the web is the
 * registry as data with light parameter checks (same exports the web imports: the registry's
 * lookups, the plain helpers), each tool's widgets and parameters in a chunk of their own that
 * `loadToolPart` brings (the tool page, the phone's form and 再来一次 wait for it), and `virtual:light-checks` holds the contracts' checks the tool
 * page reads answers with. Server, tests of the packages and the build's own Node code use the
 * real registry and zod; `src/lib/json-check.test.ts` compares the two on every schema here.
 */
export const lightChecks = (): Plugin => ({
  name: 'huijing-light-checks',
  enforce: 'pre',
  buildStart() {
    registry = undefined;
  },
  resolveId: (id) =>
    id === '@huijing/tools'
      ? TOOLS_LIGHT
      : id === LIGHT_CHECKS || id.startsWith(TOOL_PART)
        ? `\0${id}`
        : undefined,
  load(id) {
    if (id === TOOLS_LIGHT) return toolsLight();
    if (id.startsWith(`\0${TOOL_PART}`)) return toolPart(id.slice(TOOL_PART.length + 1));
    if (id === `\0${LIGHT_CHECKS}`) return contractChecks();
    return undefined;
  },
});
