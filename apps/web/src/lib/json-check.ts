/**
 * A check made at build time from a zod schema (apps/web/build/light-checks.ts: zod's own JSON
 * Schema, draft 2020-12, plus `x-trim` and `x-messages` for what JSON Schema cannot say), run on
 * the page without zod: the tool page's parameters and the answers it reads before its form work
 * through this, so zod (~18 KB brotli) is not in its first load (docs/performance.md).
 *
 * It parses as zod would: unknown keys of a plain object are dropped, defaults fill missing keys,
 * trimmed strings are trimmed before their limits are checked, and the first issue's message is
 * the schema's own where it has one, else a Chinese one. The build refuses a schema that uses a
 * keyword this file does not know, and a test compares it with zod on every schema it serves.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** The pattern's flags (zod's `.regex(/…/i)`; JSON Schema's pattern has none). */
  'x-flags'?: 'i';
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  /** The string is trimmed before it is checked (zod's `.trim()`). */
  'x-trim'?: true;
  /** Messages a schema sets itself, by keyword (zod's `.min(1, '请输入描述词')`). */
  'x-messages'?: Record<string, string>;
}

export interface CheckIssue {
  path: (string | number)[];
  message: string;
}
export type CheckResult<T> =
  | { success: true; data: T; error?: undefined }
  | { success: false; error: { issues: CheckIssue[] }; data?: undefined };

/** What the page needs of a schema: zod's `safeParse` and `parse`, same results for valid data. */
export interface Check<T = unknown> {
  safeParse: (data: unknown) => CheckResult<T>;
  parse: (data: unknown) => T;
}

/** Keywords `check` below reads; the build fails on any other (apps/web/build/light-checks.ts). */
export const CHECK_KEYWORDS = [
  '$schema',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'minLength',
  'maxLength',
  'pattern',
  'x-flags',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'default',
  '$ref',
  '$defs',
  'x-trim',
  'x-messages',
] as const;

class Failed {
  constructor(readonly issue: CheckIssue) {}
}

const typeNames: Record<string, string> = {
  string: '文字',
  number: '数字',
  integer: '整数',
  boolean: '是或否',
  object: '对象',
  array: '列表',
  null: '空值',
};

const isType = (value: unknown, type: string): boolean => {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isSafeInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return false;
  }
};

const clone = <T>(value: T): T =>
  value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Checks `value` against `schema` and returns the parsed value; throws Failed at the first issue. */
const run = (
  schema: JsonSchema,
  value: unknown,
  path: (string | number)[],
  root: JsonSchema,
): unknown => {
  const fail = (keyword: string, message: string): never => {
    throw new Failed({ path, message: schema['x-messages']?.[keyword] ?? message });
  };
  if (value === undefined && schema.default !== undefined) return clone(schema.default);
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/\$defs\//, '');
    const target = schema.$ref === '#' ? root : root.$defs?.[name];
    if (!target) return fail('$ref', `未知的结构 ${schema.$ref}`);
    return run(target, value, path, root);
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    let first: Failed | undefined;
    for (const option of alternatives) {
      try {
        return run(option, value, path, root);
      } catch (error) {
        if (!(error instanceof Failed)) throw error;
        first ??= error;
      }
    }
    throw first ?? new Failed({ path, message: '取值不符合要求' });
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => isType(value, type))) {
      fail('type', `应为${types.map((type) => typeNames[type] ?? type).join('或')}`);
    }
  }
  if (schema.const !== undefined && !same(value, schema.const)) fail('const', '取值不符合要求');
  if (schema.enum && !schema.enum.some((option) => same(option, value))) {
    fail('enum', '请从给定的选项中选择');
  }
  if (typeof value === 'string') {
    const text = schema['x-trim'] ? value.trim() : value;
    // zod counts UTF-16 code units, as String#length does.
    const length = text.length;
    if (schema.minLength !== undefined && length < schema.minLength) {
      fail('minLength', schema.minLength === 1 ? '不能为空' : `至少 ${schema.minLength} 个字`);
    }
    if (schema.maxLength !== undefined && length > schema.maxLength) {
      fail('maxLength', `不能超过 ${schema.maxLength} 个字`);
    }
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, schema['x-flags']).test(text)) {
      fail('pattern', '格式不正确');
    }
    return text;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) {
      fail('minimum', `不能小于 ${schema.minimum}`);
    }
    if (schema.maximum !== undefined && value > schema.maximum) {
      fail('maximum', `不能大于 ${schema.maximum}`);
    }
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) {
      fail('exclusiveMinimum', `应大于 ${schema.exclusiveMinimum}`);
    }
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) {
      fail('exclusiveMaximum', `应小于 ${schema.exclusiveMaximum}`);
    }
    return value;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) {
      fail('minItems', `至少 ${schema.minItems} 项`);
    }
    if (schema.maxItems !== undefined && value.length > schema.maxItems) {
      fail('maxItems', `最多 ${schema.maxItems} 项`);
    }
    return value.map((item, i) => {
      const itemSchema = schema.prefixItems?.[i] ?? schema.items;
      return itemSchema ? run(itemSchema, item, [...path, i], root) : item;
    });
  }
  if (isType(value, 'object'))
    return runObject(schema, value as Record<string, unknown>, path, root);
  return value;
};

const runObject = (
  schema: JsonSchema,
  value: Record<string, unknown>,
  path: (string | number)[],
  root: JsonSchema,
): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  const properties = schema.properties ?? {};
  const required = new Set(schema.required);
  for (const [key, property] of Object.entries(properties)) {
    if (value[key] === undefined) {
      if (property.default !== undefined) out[key] = clone(property.default);
      else if (required.has(key)) {
        throw new Failed({ path: [...path, key], message: '缺少必填项' });
      }
      continue;
    }
    out[key] = run(property, value[key], [...path, key], root);
  }
  // zod's plain object drops keys it does not know (no additionalProperties in its input
  // schema); a record or a loose object keeps and checks them; a strict object refuses them.
  const extra = schema.additionalProperties;
  if (extra === undefined) return out;
  for (const [key, item] of Object.entries(value)) {
    if (key in properties) continue;
    if (extra === false) throw new Failed({ path: [...path, key], message: `不认识的字段 ${key}` });
    if (schema.propertyNames) run(schema.propertyNames, key, [...path, key], root);
    out[key] = extra === true ? item : run(extra, item, [...path, key], root);
  }
  return out;
};

/** The check for one schema (its $defs resolved against itself). */
export const jsonCheck = <T = unknown>(schema: JsonSchema): Check<T> => {
  const safeParse = (data: unknown): CheckResult<T> => {
    try {
      return { success: true, data: run(schema, data, [], schema) as T };
    } catch (error) {
      if (error instanceof Failed) return { success: false, error: { issues: [error.issue] } };
      throw error;
    }
  };
  return {
    safeParse,
    parse: (data) => {
      const result = safeParse(data);
      if (result.success) return result.data;
      throw new Error(result.error.issues[0]!.message);
    },
  };
};

/**
 * A tool's parameters as the page reads them (`tool.params` of @huijing/tools: `parse({})` for
 * the defaults, `shape` for which names are parameters, `safeParse` for the first message).
 */
export const paramsCheck = (schema: JsonSchema) => ({
  ...jsonCheck<Record<string, unknown>>(schema),
  shape: Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => [name, jsonCheck(property)]),
  ),
});
