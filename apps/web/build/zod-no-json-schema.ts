import fs from 'node:fs/promises';
import type { Plugin } from 'vite';

const CLASSIC = /zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
const STUB = '\0huijing:zod-no-json-schema:';
const TO_JSON_SCHEMA = '../core/to-json-schema.js';
const PROCESSORS = '../core/json-schema-processors.js';
/** The one processors export that schemas use outside JSON Schema: `.minLength`, `.maxValue`… */
const KEEP = 'aggregateChecks';

const exportedNames = (code: string) => [
  ...new Set([...code.matchAll(/^export (?:const|function) (\w+)/gm)].map((m) => m[1]!)),
];

/**
 * zod's classic schemas import its JSON Schema generator (`to-json-schema.js`) and a processor
 * per schema type (`json-schema-processors.js`) so that every schema has `.toJSONSchema()`:
 * ~4 KB brotli on every page with zod (the tool page's workspace). The web never makes JSON
 * Schema, so in the web's build those two imports of the classic schemas get stand-ins that say
 * so when called; `aggregateChecks` (a schema's `.minLength`, `.maxValue`…) stays zod's own. The
 * stand-ins are made from the real modules' export lists: a zod whose classic schemas import a
 * name these do not export fails the build. The server, the tests and the development server use
 * zod unchanged. docs/performance.md.
 */
export const zodNoJsonSchema = (): Plugin => ({
  name: 'huijing-zod-no-json-schema',
  apply: 'build',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!importer || !CLASSIC.test(importer)) return null;
    if (source !== TO_JSON_SCHEMA && source !== PROCESSORS) return null;
    const real = await this.resolve(source, importer, { ...options, skipSelf: true });
    return real ? `${STUB}${real.id}` : null;
  },
  async load(id) {
    if (!id.startsWith(STUB)) return null;
    const real = id.slice(STUB.length);
    const names = exportedNames(await fs.readFile(real, 'utf8'));
    if (names.length === 0) this.error(`zod-no-json-schema: no exports found in ${real}`);
    const stubbed = names.filter((n) => n !== KEEP);
    return [
      'const none = () => {',
      "  throw new Error('JSON Schema is not built into the web bundle (build/zod-no-json-schema.ts)');",
      '};',
      // to-json-schema's method factories return the method; the processors are the method.
      ...stubbed.map((n) =>
        /^create\w+Method$/.test(n)
          ? `export const ${n} = () => none;`
          : `export const ${n} = none;`,
      ),
      ...(names.includes(KEEP) ? [`export { ${KEEP} } from ${JSON.stringify(real)};`] : []),
      '',
    ].join('\n');
  },
});
