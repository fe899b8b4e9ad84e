import { z } from 'zod';
import { capabilities, EngineError } from '../engine';

/**
 * A ComfyUI graph in API format (what POST /prompt takes): node id → class and inputs. An input
 * is either a literal or a link `[sourceNodeId, outputSlot]`.
 */
export const comfyGraphSchema = z.record(
  z.string(),
  z.object({
    class_type: z.string().min(1),
    inputs: z.record(z.string(), z.unknown()),
    _meta: z.object({ title: z.string().optional() }).passthrough().optional(),
  }),
);
export type ComfyGraph = z.infer<typeof comfyGraphSchema>;

const nodeId = z.string().min(1);
/** Skip the binding when this job parameter is truthy (e.g. ignoreWordAndImage). */
const unless = z.string().optional();

const paramBindingSchema = z.object({
  from: z.literal('param'),
  param: z.string().min(1),
  node: nodeId,
  input: z.string().min(1),
  /** Used when the job does not carry the parameter; without it the template's value stays. */
  default: z.unknown().optional(),
  /** Lookup by the parameter's string form, e.g. {"true": "PLUS (high strength)"}. */
  map: z.record(z.string(), z.unknown()).optional(),
  /** Linear map with clamping, e.g. cnStrength 0..1 → denoise 1..0.55. */
  scale: z
    .object({ from: z.tuple([z.number(), z.number()]), to: z.tuple([z.number(), z.number()]) })
    .optional(),
  unless,
});

const textBindingSchema = z.object({
  from: z.literal('text'),
  /** `{paramName}` placeholders; empty comma-separated parts are dropped. */
  template: z.string(),
  node: nodeId,
  input: z.string().min(1),
  unless,
});

const fileBindingSchema = z.object({
  from: z.literal('file'),
  /** The job input name (upload_img, style_img, mask); the node gets the uploaded file name. */
  file: z.string().min(1),
  node: nodeId,
  input: z.string().min(1),
  optional: z.boolean().default(false),
  /** How to cut the branch that needs this file out of the graph when it is absent. */
  whenMissing: z
    .object({
      remove: z.array(nodeId).default([]),
      relink: z
        .array(
          z.object({
            node: nodeId,
            input: z.string().min(1),
            to: z.tuple([nodeId, z.number().int().min(0)]),
          }),
        )
        .default([]),
    })
    .optional(),
  unless,
});

const seedBindingSchema = z.object({
  from: z.literal('seed'),
  node: nodeId,
  input: z.string().min(1),
  /** A job parameter that pins the seed; otherwise every run draws a fresh one. */
  param: z.string().default('seed'),
});

const sizeBindingSchema = z.object({
  from: z.literal('size'),
  /** The job input whose aspect ratio the node follows. */
  file: z.string().min(1),
  node: nodeId,
  width: z.string().min(1),
  height: z.string().min(1),
  /** The longer side after fitting; models have a resolution they were trained at. */
  maxSide: z.number().int().positive(),
  multipleOf: z.number().int().positive().default(8),
});

export const workflowBindingSchema = z.object({
  capability: z.enum(capabilities),
  description: z.string().optional(),
  /** Output nodes whose files are the result; all output nodes when omitted. */
  outputs: z.array(nodeId).optional(),
  bindings: z.array(
    z.discriminatedUnion('from', [
      paramBindingSchema,
      textBindingSchema,
      fileBindingSchema,
      seedBindingSchema,
      sizeBindingSchema,
    ]),
  ),
});
export type WorkflowBinding = z.infer<typeof workflowBindingSchema>;
export type Binding = WorkflowBinding['bindings'][number];

export interface Workflow {
  name: string;
  /** Where it came from, for error messages: "built-in" or the override file path. */
  source: string;
  graph: ComfyGraph;
  binding: WorkflowBinding;
}

const isLink = (v: unknown): v is [string, number] =>
  Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'number';

/** Every link target that points at a node missing from the graph. */
export const danglingLinks = (graph: ComfyGraph): string[] =>
  Object.entries(graph).flatMap(([id, node]) =>
    Object.entries(node.inputs)
      .filter(([, v]) => isLink(v) && !(v[0] in graph))
      .map(([input, v]) => `${id}.${input} → ${(v as [string, number])[0]}`),
  );

/**
 * Parses and cross-checks a template and its binding. Operators edit these files by hand, so a
 * binding that names a node or input the graph lacks must fail when the engine is created, not
 * halfway through a paying user's render.
 */
export const loadWorkflow = (
  name: string,
  source: string,
  rawGraph: unknown,
  rawBinding: unknown,
): Workflow => {
  const fail = (problem: string) => {
    throw new Error(`ComfyUI workflow "${name}" (${source}): ${problem}`);
  };
  const graphResult = comfyGraphSchema.safeParse(rawGraph);
  if (!graphResult.success) fail(`template is not an API-format graph: ${graphResult.error}`);
  const bindingResult = workflowBindingSchema.safeParse(rawBinding);
  if (!bindingResult.success) fail(`binding is invalid: ${bindingResult.error}`);
  const graph = graphResult.data!;
  const binding = bindingResult.data!;

  const dangling = danglingLinks(graph);
  if (dangling.length) fail(`template links to missing nodes: ${dangling.join(', ')}`);

  const needNode = (id: string, what: string) => {
    if (!(id in graph)) fail(`binding ${what} references node ${id}, which the template lacks`);
    return graph[id]!;
  };
  const needInput = (id: string, input: string, what: string) => {
    if (!(input in needNode(id, what).inputs))
      fail(`binding ${what} references input ${id}.${input}, which the template lacks`);
  };
  binding.bindings.forEach((b, i) => {
    const what = `#${i} (${b.from})`;
    if (b.from === 'size') {
      needInput(b.node, b.width, what);
      needInput(b.node, b.height, what);
    } else needInput(b.node, b.input, what);
    if (b.from === 'file' && b.whenMissing) {
      b.whenMissing.remove.forEach((id) => needNode(id, what));
      b.whenMissing.relink.forEach((r) => {
        needInput(r.node, r.input, what);
        needNode(r.to[0], what);
      });
    }
  });
  binding.outputs?.forEach((id) => needNode(id, 'outputs'));
  return { name, source, graph, binding };
};

export interface BindContext {
  params: Record<string, unknown>;
  /** Uploaded ComfyUI file names by job input name. */
  uploaded: Record<string, string>;
  /** Pixel sizes of the job's input images by input name. */
  sizes: Record<string, { width: number; height: number }>;
  random?: () => number;
}

const truthy = (v: unknown) => v !== undefined && v !== null && v !== false && v !== '' && v !== 0;

const fillTemplate = (template: string, params: Record<string, unknown>) =>
  template
    .replace(/\{(\w+)\}/g, (_, key: string) => {
      const v = params[key];
      return v === undefined || v === null || typeof v === 'object' ? '' : String(v).trim();
    })
    .split(/,\s*/)
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');

const fitSize = (
  size: { width: number; height: number },
  maxSide: number,
  multipleOf: number,
): { width: number; height: number } => {
  const k = maxSide / Math.max(size.width, size.height);
  const round = (v: number) => Math.max(multipleOf, Math.round((v * k) / multipleOf) * multipleOf);
  return { width: round(size.width), height: round(size.height) };
};

/** The graph to queue: a deep copy of the template with the job's values written in. */
export const bindWorkflow = (workflow: Workflow, ctx: BindContext): ComfyGraph => {
  const graph = structuredClone(workflow.graph);
  const random = ctx.random ?? Math.random;
  const removed = new Set<string>();
  const set = (node: string, input: string, value: unknown) => {
    if (!removed.has(node)) graph[node]!.inputs[input] = value;
  };

  for (const b of workflow.binding.bindings) {
    if ('unless' in b && b.unless && truthy(ctx.params[b.unless]) && b.from !== 'file') continue;
    switch (b.from) {
      case 'param': {
        let value = ctx.params[b.param] ?? b.default;
        if (value === undefined) break;
        if (b.map) {
          const key = String(value);
          if (!(key in b.map)) break;
          value = b.map[key];
        }
        if (b.scale && typeof value === 'number') {
          const [a, z] = b.scale.from;
          const t = Math.min(1, Math.max(0, (value - a) / (z - a)));
          value = Number((b.scale.to[0] + t * (b.scale.to[1] - b.scale.to[0])).toFixed(4));
        }
        set(b.node, b.input, value);
        break;
      }
      case 'text':
        set(b.node, b.input, fillTemplate(b.template, ctx.params));
        break;
      case 'file': {
        const skipped = b.unless !== undefined && truthy(ctx.params[b.unless]);
        const name = skipped ? undefined : ctx.uploaded[b.file];
        if (name !== undefined) {
          set(b.node, b.input, name);
          break;
        }
        if (!b.optional && !skipped)
          throw new EngineError('缺少必需的输入图片', `workflow ${workflow.name} needs ${b.file}`);
        for (const r of b.whenMissing?.relink ?? []) set(r.node, r.input, [...r.to]);
        for (const id of b.whenMissing?.remove ?? []) {
          removed.add(id);
          delete graph[id];
        }
        break;
      }
      case 'seed': {
        const pinned = ctx.params[b.param];
        set(b.node, b.input, Number.isInteger(pinned) ? pinned : Math.floor(random() * 2 ** 48));
        break;
      }
      case 'size': {
        const size = ctx.sizes[b.file];
        if (!size) break;
        const fitted = fitSize(size, b.maxSide, b.multipleOf);
        set(b.node, b.width, fitted.width);
        set(b.node, b.height, fitted.height);
        break;
      }
    }
  }

  const dangling = danglingLinks(graph);
  if (dangling.length)
    throw new EngineError(
      '渲染工作流配置有误，请联系管理员',
      `workflow ${workflow.name}: removing an optional branch left links to missing nodes: ${dangling.join(', ')}`,
    );
  return graph;
};

/** Job inputs the workflow would upload (file bindings not switched off by a parameter). */
export const filesToUpload = (workflow: Workflow, params: Record<string, unknown>): string[] => [
  ...new Set(
    workflow.binding.bindings
      .filter((b) => b.from === 'file' && !(b.unless && truthy(params[b.unless])))
      .map((b) => (b as { file: string }).file),
  ),
];
