import { z } from 'zod';
import { classifyGroupKeys } from '@huijing/contracts';
import { capabilities, type Capability } from './capabilities';
import { hostedSlots, type HostedSpec } from './hosted';

/** Ticket kinds of spec §3: 1 general, 2 live, 3 gpt, 4 video. */
export const ticketTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type TicketType = z.infer<typeof ticketTypeSchema>;

export const toolFamilySchema = z.enum(['render', 'edit', 'generate']);
export type ToolFamily = z.infer<typeof toolFamilySchema>;

export type Localized = { 'zh-CN': string; 'en-US': string };
const localizedSchema = z.object({ 'zh-CN': z.string().min(1), 'en-US': z.string().min(1) });

/** Named inputs a tool takes (spec §3 names where it has them). */
export const inputNames = [
  'upload_img',
  'style_img',
  'mask',
  'object_img',
  'first_frame',
  'last_frame',
  'frames',
] as const;
export type InputName = (typeof inputNames)[number];

export const toolInputSchema = z.object({
  name: z.enum(inputNames),
  required: z.boolean(),
  label: localizedSchema,
  /** For list inputs (frames): how many files. */
  multiple: z.object({ min: z.number().int().min(1), max: z.number().int().min(1) }).optional(),
});
export type ToolInput = z.infer<typeof toolInputSchema>;

/** How the web renders a parameter. Data only: the tool page is built from it. */
export const widgetSchema = z.object({
  kind: z.enum([
    'slider',
    'select',
    'segmented',
    'switch',
    'number',
    'prompt',
    'text',
    'style-picker',
    'material-picker',
    'hidden',
  ]),
  label: localizedSchema,
  help: localizedSchema.optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().optional(),
  options: z
    .array(
      z.object({
        value: z.union([z.string(), z.number()]),
        label: localizedSchema,
        /**
         * What the option tells an image model, in English, when its label alone is too terse
         * for one ('Orbit left' → 'camera orbited to the left of the room, three-quarter view').
         * The prompt then reads `向左环绕 (camera orbited …)`; without it, the en-US label.
         */
        prompt: z.string().min(1).optional(),
      }),
    )
    .optional(),
  /** Advanced parameters fold away by default. */
  advanced: z.boolean().optional(),
  /**
   * 'scene': how the picture is framed and lit (view, atmosphere, surroundings). Folded into its
   * own section when the form is long, so the upload and the start button stay near.
   */
  group: z.enum(['scene']).optional(),
  /**
   * For style-picker: which catalogue group (getAllClassify position) the value is an id of, so
   * one widget serves interior, architecture and landscape styles, spaces and window views.
   */
  catalog: z.enum(classifyGroupKeys).optional(),
});
export type Widget = z.infer<typeof widgetSchema>;

const metaSchema = z.object({
  /** Stable kebab id; never reused. */
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  family: toolFamilySchema,
  /** Route paths of spec §2 this tool's page owns; the first is canonical. */
  routes: z.array(z.string().startsWith('/')).min(1),
  /** Where a card links to when it differs from the first route (e.g. a mode query). */
  entry: z.string().startsWith('/').optional(),
  name: localizedSchema,
  description: localizedSchema,
  ticketType: ticketTypeSchema,
  /** Tickets of `ticketType` one run costs (the default; admins may override in settings). */
  price: z.number().int().min(0),
  capability: z.enum(capabilities),
  inputs: z.array(toolInputSchema),
  /** The start button's words when the capability's verb (verbs.ts) does not fit this tool. */
  verb: localizedSchema.optional(),
  /** Shown as a ribbon on cards. */
  badge: z.enum(['new', 'hot', 'pro']).optional(),
  /**
   * The tool promises to keep the space of its input (lines, perspective, layout) and only change
   * looks: a generative result is checked against the input and redone or refunded when it drifts
   * (the server's structure guard; outside the mask for masked tools).
   */
  keepsStructure: z.boolean().optional(),
});

export type ToolDefinition<P extends z.ZodObject = z.ZodObject> = z.infer<typeof metaSchema> & {
  capability: Capability;
  /** The tool's parameters with defaults: `params.parse({})` gives a valid run. */
  params: P;
  /** Widget hints by parameter name; a parameter without one is not shown. */
  widgets: Partial<Record<keyof z.infer<P> & string, Widget>>;
  /**
   * An option the pictures of one run spread over when it is 'auto': picture i gets the option's
   * i-th concrete value (the widget's options after 'auto', in order, cycling), so four pictures
   * of a multi-angle render are four different views. The task worker composes one prompt per
   * picture (modules/tasks/prompt-compose.ts); a concrete value gives every picture that value.
   */
  spread?: keyof z.infer<P> & string;
  /**
   * How the hosted engines serve it: the recipe per provider and the Chinese prompt template
   * (hosted.ts). The server composes the prompt from it (modules/tasks/prompt-compose.ts).
   */
  hosted?: HostedSpec;
};

/**
 * A tool as its file declares it: `params` is a function, so a tool's schemas are built the
 * first time something reads them, not when the registry is imported. A tool page reads one
 * tool's; building all 45 tools' zod schemas was most of evaluating the registry in the browser
 * (docs/performance.md).
 */
export type ToolSpec<P extends z.ZodObject> = Omit<ToolDefinition<P>, 'params'> & {
  params: () => P;
};

/** A tool from its spec, its `params` built on first read and kept. No checks. */
export const buildTool = <P extends z.ZodObject>({
  params: build,
  ...spec
}: ToolSpec<P>): ToolDefinition<P> => {
  let params: P | undefined;
  return Object.defineProperty(spec, 'params', {
    get: () => (params ??= build()),
    enumerable: true,
  }) as ToolDefinition<P>;
};

/** Template slots that are not parameters: the designer's words and the keep sentence. */
const HOSTED_SLOTS = new Set(['prompt', 'keep']);

/**
 * Checks a definition, so a malformed tool fails at import: metadata parses, defaults parse,
 * every widget names a real parameter, input names are unique. Reads the tool's parameters.
 */
const checked = <P extends z.ZodObject>(tool: ToolDefinition<P>): ToolDefinition<P> => {
  metaSchema.parse(tool);
  const defaults = tool.params.safeParse({});
  if (!defaults.success) throw new Error(`tool ${tool.id}: defaults do not parse`);
  const keys = new Set(Object.keys(tool.params.shape));
  for (const w of Object.keys(tool.widgets))
    if (!keys.has(w)) throw new Error(`tool ${tool.id}: widget for unknown parameter ${w}`);
  for (const w of Object.values(tool.widgets)) widgetSchema.parse(w);
  const names = tool.inputs.map((i) => i.name);
  if (new Set(names).size !== names.length) throw new Error(`tool ${tool.id}: duplicate inputs`);
  for (const slot of tool.hosted ? hostedSlots(tool.hosted.prompt) : [])
    if (!HOSTED_SLOTS.has(slot) && !keys.has(slot))
      throw new Error(`tool ${tool.id}: hosted prompt names unknown slot ${slot}`);
  if (tool.spread !== undefined && spreadValues(tool).length === 0)
    throw new Error(`tool ${tool.id}: spread ${tool.spread} needs an 'auto' option and others`);
  return tool;
};

/**
 * Declares one tool, checked at definition time wherever the code is written and tested — the
 * server at start-up, the tests, the web's development server. The web's production bundle
 * (Vite sets `import.meta.env.PROD`) leaves the checks out: on a tool page they were two fifths
 * of evaluating the registry, in the task that blocks the page before its form works, and they
 * read every tool's parameters (docs/performance.md; e2e/flows/bundle-budget.test.ts checks the
 * bundle holds none of them).
 */
export const defineTool: <P extends z.ZodObject>(spec: ToolSpec<P>) => ToolDefinition<P> = (
  import.meta as { env?: { PROD?: boolean } }
).env?.PROD
  ? buildTool
  : (spec) => checked(buildTool(spec));

/** The value of an option that leaves the choice to us ("as in the image", "several angles"). */
export const AUTO_OPTION = 'auto';

/**
 * The concrete values a tool's pictures spread over (its `spread` option's widget values after
 * 'auto', in order); empty when the tool does not spread or the option has no 'auto'.
 */
export const spreadValues = (
  tool: Pick<ToolDefinition, 'widgets' | 'spread' | 'params'>,
): (string | number)[] => {
  if (!tool.spread) return [];
  const values = (tool.widgets[tool.spread]?.options ?? []).map((o) => o.value);
  const valid = (v: string | number) => tool.params.shape[tool.spread!]?.safeParse(v).success;
  if (!values.includes(AUTO_OPTION)) return [];
  return values.filter((v) => v !== AUTO_OPTION && valid(v));
};
