import type * as Contracts from '@huijing/contracts';
import { z } from 'zod';
import { CHECK_KEYWORDS, type JsonSchema } from '../src/lib/json-check';

/**
 * The contracts' answers the tool page reads with `virtual:light-checks` (features/tools/api):
 * made at build time from their zod schemas into checks that need no zod on the page.
 */
export const LIGHT_CONTRACT_CHECKS = [
  'classifyTreeSchema',
  'clickMaskResultSchema',
  'materialLibrarySchema',
  'queueEstimateSchema',
  'sharedTaskSchema',
  'shareTaskResultSchema',
  'startTaskResultSchema',
  'taskDetailSchema',
  'taskInfoSchema',
  'taskListSchema',
  'uploadLinksResultSchema',
  'uploadResultSchema',
] as const satisfies readonly (keyof typeof Contracts)[];

interface CheckDef {
  check: string;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
  tx?: (value: string) => string;
  error?: (issue: object) => unknown;
}
interface SchemaDef {
  checks?: { _zod: { def: CheckDef } }[];
  error?: (issue: object) => unknown;
}

const messageOf = (error: CheckDef['error']) => {
  const message = error?.({});
  return typeof message === 'string' ? message : undefined;
};

/** The JSON Schema keyword a zod check's message belongs to. */
const keywordOf = (def: CheckDef, json: JsonSchema): string | undefined => {
  const list = json.type === 'array';
  switch (def.check) {
    case 'min_length':
      return list ? 'minItems' : 'minLength';
    case 'max_length':
      return list ? 'maxItems' : 'maxLength';
    case 'greater_than':
      return def.inclusive ? 'minimum' : 'exclusiveMinimum';
    case 'less_than':
      return def.inclusive ? 'maximum' : 'exclusiveMaximum';
    case 'number_format':
      return 'type';
    case 'string_format':
      return def.format === 'regex' ? 'pattern' : undefined;
    default:
      return undefined;
  }
};

const refuse = (name: string, why: string): never => {
  throw new Error(`${name}: ${why} — a light check cannot say it (apps/web/build/light-checks.ts)`);
};

/** Every keyword of `json` is one json-check reads, so no rule of the zod schema is lost. */
const guard = (name: string, json: JsonSchema): void => {
  for (const key of Object.keys(json)) {
    if (!(CHECK_KEYWORDS as readonly string[]).includes(key)) refuse(name, `keyword ${key}`);
  }
  const nested = [
    ...Object.values(json.properties ?? {}),
    ...Object.values(json.$defs ?? {}),
    ...(json.anyOf ?? []),
    ...(json.oneOf ?? []),
    ...(json.prefixItems ?? []),
    ...[json.items, json.propertyNames].filter((s) => s !== undefined),
    ...(typeof json.additionalProperties === 'object' ? [json.additionalProperties] : []),
  ];
  for (const schema of nested) guard(name, schema);
};

/**
 * zod's own JSON Schema of what a schema accepts (`io: 'input'`: defaults make a key optional),
 * with what JSON Schema cannot say: `x-trim` for `.trim()`, `x-messages` for a schema's own
 * messages. A refinement or any other transform is refused, so the check is exact.
 */
export const lightSchema = (name: string, schema: z.ZodType): JsonSchema => {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'throw',
    override: ({ zodSchema, jsonSchema }) => {
      const def = (zodSchema as unknown as { _zod: { def: SchemaDef } })._zod.def;
      const out = jsonSchema as JsonSchema;
      const messages: Record<string, string> = {};
      const own = messageOf(def.error);
      if (own) messages[out.enum ? 'enum' : 'type'] = own;
      for (const check of def.checks ?? []) {
        const c = check._zod.def;
        if (c.check === 'overwrite') {
          if (c.tx?.(' Ab ') !== 'Ab') refuse(name, 'a transform other than trim()');
          out['x-trim'] = true;
          continue;
        }
        if (c.check === 'custom') refuse(name, 'a refinement');
        // JSON Schema's pattern has no flags (zod writes the source alone).
        if (c.check === 'string_format' && c.format === 'regex' && c.pattern?.flags) {
          if (c.pattern.flags.replace(/[gy]/g, '') !== 'i')
            refuse(name, `regex flags ${c.pattern.flags}`);
          out['x-flags'] = 'i';
        }
        const keyword = keywordOf(c, out);
        const message = messageOf(c.error);
        if (message && keyword) messages[keyword] = message;
        else if (message) refuse(name, `a message on ${c.check}`);
      }
      if (Object.keys(messages).length > 0) out['x-messages'] = messages;
    },
  }) as JsonSchema;
  delete (json as { $schema?: string }).$schema;
  guard(name, json);
  return json;
};
