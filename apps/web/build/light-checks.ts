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

/** The registry as data: every tool's definition, its parameters as a light check (built on read). */
const toolsLight = async (): Promise<string> => {
  const tools = (await tsImport('@huijing/tools', import.meta.url)) as typeof Tools;
  const specs = tools.allTools.map(({ params, ...meta }) => ({
    ...meta,
    params: lightSchema(`tool ${meta.id}`, params),
  }));
  const from = (file: string) => JSON.stringify(path.join(toolsSrc, file));
  return `import { jsonCheck, paramsCheck } from ${JSON.stringify(jsonCheckFile)};
export { toolEntry, runPrice } from ${from('tool-entry.ts')};
export { toolVerb, capabilityVerbs } from ${from('verbs.ts')};
export { aspectSize, imageAspects } from ${from('aspects.ts')};
export const familyNames = ${JSON.stringify(tools.familyNames)};
export const toolFamilySchema = jsonCheck(${JSON.stringify(lightSchema('toolFamilySchema', tools.toolFamilySchema))});
toolFamilySchema.options = ${JSON.stringify(tools.toolFamilySchema.options)};
export const allTools = JSON.parse(${JSON.stringify(JSON.stringify(specs))}).map(({ params, ...tool }) => {
  let check;
  return Object.defineProperty(tool, 'params', { get: () => (check ??= paramsCheck(params)), enumerable: true });
});
const byId = new Map(allTools.map((t) => [t.id, t]));
const byRoute = new Map();
for (const t of allTools)
  for (const r of t.routes) if (!byRoute.has(r.toLowerCase())) byRoute.set(r.toLowerCase(), t);
export const getTool = (id) => byId.get(id);
export const toolForRoute = (path) => byRoute.get(path.toLowerCase());
export const toolsOfFamily = (family) => allTools.filter((t) => t.family === family);
`;
};

/**
 * zod stays at build time for the tool page (issue 17): `@huijing/tools` in the web is the
 * registry as data with light parameter checks (same exports the web imports: the registry's
 * lookups, the plain helpers), and `virtual:light-checks` holds the contracts' checks the tool
 * page reads answers with. Server, tests of the packages and the build's own Node code use the
 * real registry and zod; `src/lib/json-check.test.ts` compares the two on every schema here.
 */
export const lightChecks = (): Plugin => ({
  name: 'huijing-light-checks',
  enforce: 'pre',
  resolveId: (id) =>
    id === '@huijing/tools' ? TOOLS_LIGHT : id === LIGHT_CHECKS ? `\0${LIGHT_CHECKS}` : undefined,
  load(id) {
    if (id === TOOLS_LIGHT) return toolsLight();
    if (id === `\0${LIGHT_CHECKS}`) return contractChecks();
    return undefined;
  },
});
