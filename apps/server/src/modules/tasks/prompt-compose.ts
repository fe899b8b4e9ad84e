import type { ClassifyNode, MaterialLibrary } from '@huijing/contracts';
import {
  AUTO_OPTION,
  fillHostedPrompt,
  generativeCapabilities,
  getTool,
  spreadValues,
  type ToolDefinition,
} from '@huijing/tools';

/**
 * The positive prompt a generative engine receives. A designer picks catalogue entries (style,
 * space, window view, material…) by id and render options (view, atmosphere, environment) by
 * value; models read words, not ids. So the pipeline turns each pick into the catalogue's Chinese
 * name plus its English rendering hint (the category's `prompt`, else its English name) and joins
 * them after the designer's own words: `奶油风客厅, 现代简约 (modern minimalist interior, …)`.
 * The Chinese names keep what the designer chose readable in logs and in the engine's history;
 * the English hints are what most checkpoints actually follow.
 */

/** What a pick contributes: its name and, when known, an English rendering hint. */
export interface PromptTerm {
  name: string;
  nameEn?: string | null;
  prompt?: string | null;
}

/** Catalogue entries by id, as the engines should read them. */
export interface PromptVocabulary {
  category(id: string): PromptTerm | undefined;
  material(id: string): PromptTerm | undefined;
}

export const emptyVocabulary: PromptVocabulary = {
  category: () => undefined,
  material: () => undefined,
};

/** Render options whose values describe the picture (spec §3); other options (count…) do not. */
const PHRASE_PARAMS = new Set(['view', 'atmosphere', 'environment']);
/** The option value meaning "as in the image": it adds nothing. */
const NO_PREFERENCE = AUTO_OPTION;
const SEPARATOR = ', ';

export const termText = (term: PromptTerm): string => {
  const name = term.name.trim();
  const hint = term.prompt?.trim() || term.nameEn?.trim() || '';
  if (!hint || hint === name) return name;
  return name ? `${name} (${hint})` : hint;
};

/** The tree's nodes and the library's materials by id (disabled ones are not in either). */
export const vocabularyFrom = (
  tree: readonly ClassifyNode[],
  library: MaterialLibrary,
): PromptVocabulary => {
  const categories = new Map<string, PromptTerm>();
  const walk = (node: ClassifyNode) => {
    categories.set(node.id, node);
    for (const kid of node.childrens ?? node.children ?? []) walk(kid);
  };
  tree.forEach(walk);
  const materials = new Map<string, PromptTerm>(
    library.flatMap((c) => c.materials.map((m) => [m.id, m] as const)),
  );
  return { category: (id) => categories.get(id), material: (id) => materials.get(id) };
};

/**
 * Composes the prompt from validated parameters. Picks are taken in the tool's widget order, so
 * the prompt reads like the form. `ignoreWordAndImage` drops the designer's text (the switch
 * says "render from the image and the chosen style only"); an unknown catalogue id (disabled
 * since the task was queued) means no preference, as everywhere else.
 */
export const composePrompt = (
  tool: Pick<ToolDefinition, 'widgets'>,
  params: Record<string, unknown>,
  vocabulary: PromptVocabulary,
): string => {
  const parts: string[] = [];
  const own = typeof params.promptTxt === 'string' ? params.promptTxt.trim() : '';
  if (own && params.ignoreWordAndImage !== true) parts.push(own);
  for (const term of pickTerms(tool, params, vocabulary)) parts.push(termText(term));
  return parts.join(SEPARATOR);
};

/**
 * The catalogue entries and described options a run's parameters pick, in the form's order (what
 * the prompt adds to the designer's words; the works page shows them as the work's settings).
 */
export const pickTerms = (
  tool: Pick<ToolDefinition, 'widgets'>,
  params: Record<string, unknown>,
  vocabulary: PromptVocabulary,
): PromptTerm[] => {
  const terms: PromptTerm[] = [];
  for (const [name, widget] of Object.entries(tool.widgets)) {
    const value = params[name];
    if (!widget || (typeof value !== 'string' && typeof value !== 'number')) continue;
    if (value === '' || value === NO_PREFERENCE) continue;
    let term: PromptTerm | undefined;
    if (widget.kind === 'style-picker') term = vocabulary.category(String(value));
    else if (widget.kind === 'material-picker') term = vocabulary.material(String(value));
    else if (PHRASE_PARAMS.has(name)) {
      const option = widget.options?.find((o) => o.value === value);
      if (option)
        term = {
          name: option.label['zh-CN'],
          nameEn: option.label['en-US'],
          prompt: option.prompt,
        };
    }
    if (term) terms.push(term);
  }
  return terms;
};

/**
 * The Chinese prompt a hosted engine (DashScope, Ark) gets: the tool's template (ToolDefinition
 * .hosted) filled with the Chinese names of the picks (catalogue names, option labels) and the
 * designer's words. Hosted models read Chinese well; the English hints are for checkpoints.
 */
export const composeHostedPrompt = (
  tool: Pick<ToolDefinition, 'widgets' | 'hosted'>,
  params: Record<string, unknown>,
  vocabulary: PromptVocabulary,
): string | undefined => {
  if (!tool.hosted) return undefined;
  const slots: Record<string, string> = {};
  for (const [name, widget] of Object.entries(tool.widgets)) {
    const value = params[name];
    if (!widget || (typeof value !== 'string' && typeof value !== 'number')) continue;
    if (value === '' || value === NO_PREFERENCE) continue;
    const term =
      widget.kind === 'style-picker'
        ? vocabulary.category(String(value))
        : widget.kind === 'material-picker'
          ? vocabulary.material(String(value))
          : undefined;
    const label = widget.options?.find((o) => o.value === value)?.label['zh-CN'];
    const text = term?.name.trim() || label;
    if (text) slots[name] = text;
  }
  const own = typeof params.promptTxt === 'string' ? params.promptTxt.trim() : '';
  if (own && params.ignoreWordAndImage !== true) slots.prompt = own;
  const source = typeof params.source === 'string' ? params.source : undefined;
  return fillHostedPrompt(tool.hosted.prompt, slots, source);
};

/** Pictures a run asks for (`count`; absent or not a whole number above 1 means one). */
const pictureCount = (count: unknown) =>
  typeof count === 'number' && Number.isInteger(count) && count > 1 ? count : 1;

/**
 * One prompt per picture. A tool that spreads its pictures over an option (`spread`, e.g. the
 * multi-angle render's view) gives picture i that option's i-th concrete value when the designer
 * left it on 'auto' (orbit left, orbit right, wide, top-down, … cycling); otherwise every picture
 * shares the one prompt and the list has a single entry.
 */
export const composePrompts = <T extends Pick<ToolDefinition, 'widgets' | 'spread' | 'params'>>(
  tool: T,
  params: Record<string, unknown>,
  vocabulary: PromptVocabulary,
  compose: (tool: T, params: Record<string, unknown>, vocabulary: PromptVocabulary) => string = (
    t,
    p,
    v,
  ) => composePrompt(t, p, v),
): string[] => {
  const values = tool.spread && params[tool.spread] === NO_PREFERENCE ? spreadValues(tool) : [];
  if (!values.length) return [compose(tool, params, vocabulary)];
  return Array.from({ length: pictureCount(params.count) }, (_, i) =>
    compose(tool, { ...params, [tool.spread!]: values[i % values.length] }, vocabulary),
  );
};

/**
 * What an engine gets: `prompt` (the first picture's, for engines that take one) and, when the
 * pictures differ, `prompts` with one entry per picture.
 */
export interface PromptText {
  prompt: string;
  prompts?: string[];
}

/**
 * The English composition for generative tools (ComfyUI, OpenAI images) and, for a tool with a
 * hosted template, the Chinese one the hosted engines read (EngineJob.hosted).
 */
export interface ComposedPrompt extends Partial<PromptText> {
  hosted?: PromptText;
}

const asText = (prompts: string[]): PromptText =>
  prompts.length > 1 ? { prompt: prompts[0]!, prompts } : { prompt: prompts[0]! };

const generative = new Set<string>(generativeCapabilities);

/**
 * What the task worker calls before a run: the composed prompt(s) for a generative tool and the
 * hosted template's for a tool that has one; undefined for a tool with neither (classical work
 * takes no prompt). A catalogue that cannot be read degrades to the designer's words and the
 * option phrases; it never fails the run.
 */
export const createPromptComposer =
  (deps: { vocabulary: () => Promise<PromptVocabulary> }) =>
  async (toolId: string, params: Record<string, unknown>): Promise<ComposedPrompt | undefined> => {
    const tool = getTool(toolId);
    const english = Boolean(tool && generative.has(tool.capability));
    if (!tool || (!english && !tool.hosted)) return undefined;
    const vocabulary = await deps.vocabulary().catch(() => emptyVocabulary);
    return {
      ...(english && asText(composePrompts(tool, params, vocabulary))),
      ...(tool.hosted && {
        hosted: asText(
          composePrompts(tool, params, vocabulary, (t, p, v) => composeHostedPrompt(t, p, v) ?? ''),
        ),
      }),
    };
  };

export type PromptComposer = ReturnType<typeof createPromptComposer>;
