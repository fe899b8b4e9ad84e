// Plain data and code (no zod): how the hosted engines (DashScope, Ark) serve a tool.

export type HostedProvider = 'dashscope' | 'ark';

/**
 * Which of a provider's recipes (apps/server/src/engines/<provider>/*-recipes.ts) serves the
 * tool; `when` picks another recipe for one option's value (a sketch goes to `doodle`).
 */
export interface HostedServe {
  recipe: string;
  when?: { param: string; value: string; recipe: string }[];
}

/**
 * The Chinese prompt a hosted model gets, written for designers. `lines` are joined with '，'
 * in order and end with '。'; a line naming a slot (`{style}`) that has no value is left out,
 * so "风格为{style}" disappears when the designer left the style to the model. Slots are the
 * tool's parameters (a catalogue pick gives its Chinese name, an option its Chinese label,
 * 'auto' nothing) plus `{prompt}`, the designer's own words, and `{keep}`: the keep-the-space
 * sentence for the input's kind (`keep[source]`, the tool's `source` option, else `keep.default`).
 */
export interface HostedPrompt {
  lines: string[];
  keep?: Record<string, string>;
}

export interface HostedSpec {
  dashscope?: HostedServe;
  ark?: HostedServe;
  prompt: HostedPrompt;
}

/** The recipe a provider runs for this tool and these parameters; undefined: not declared. */
export const hostedRecipe = (
  tool: { hosted?: HostedSpec } | undefined,
  provider: HostedProvider,
  params: Record<string, unknown>,
): string | undefined => {
  const serve = tool?.hosted?.[provider];
  if (!serve) return undefined;
  return serve.when?.find((w) => params[w.param] === w.value)?.recipe ?? serve.recipe;
};

const SLOT = /\{(\w+)\}/g;

/** Fills a template from slot values (empty strings count as no value). */
export const fillHostedPrompt = (
  template: HostedPrompt,
  slots: Record<string, string | undefined>,
  source?: string,
): string => {
  const keep = (source && template.keep?.[source]) || template.keep?.default || '';
  const values: Record<string, string | undefined> = { ...slots, keep };
  const lines: string[] = [];
  for (const line of template.lines) {
    let missing = false;
    const text = line.replace(SLOT, (_, name: string) => {
      const v = values[name]?.trim();
      if (!v) missing = true;
      return v ?? '';
    });
    if (!missing && text.trim()) lines.push(text.trim().replace(/[，。,.]+$/, ''));
  }
  return lines.length ? `${lines.join('，')}。` : '';
};

/** The slots a template names (checked against the tool's parameters at definition time). */
export const hostedSlots = (template: HostedPrompt): string[] => [
  ...new Set(template.lines.flatMap((l) => [...l.matchAll(SLOT)].map((m) => m[1]!))),
];

// ---- the families' templates ----------------------------------------------------------------

/** What every render says about keeping the space, worded for what the designer uploaded. */
const keepInterior = {
  photo:
    '这是一张室内实景照片：严格保持原图的空间结构、墙体与梁柱位置、透视和镜头角度、门窗的位置与大小、家具的布局与尺寸不变',
  model:
    '这是一张 3D 软件（SketchUp 白模）截图：严格按照模型的几何形体、透视、门窗洞口与家具摆放出图，不增减墙体和家具，只赋予真实材质、灯光与软装细节',
  sketch:
    '这是一张手绘线稿：沿着线条确定的空间轮廓、透视、门窗与家具布局上色渲染，线条之外不添加新的结构',
  default: '保持原图的空间结构、透视、墙体与门窗位置、家具布局不变，只改变材质、色彩和光影',
};

const keepExterior = {
  photo:
    '这是一张建筑或场地的实景照片：严格保持建筑体量、轮廓与层数、透视和镜头角度、门窗与洞口的位置不变',
  model:
    '这是一张 3D 软件（SketchUp 白模）截图：严格按照模型的体块、立面划分、透视与门窗洞口出图，不改变建筑形体，只赋予真实材质、环境与光影',
  sketch: '这是一张手绘草图：沿着线条确定的建筑轮廓、透视与门窗洞口渲染，不添加草图中没有的体块',
  default: '保持原图的建筑体量、透视、门窗洞口与场地布局不变，只改变材质、色彩和光影',
};

const RENDER_TAIL = ['光线氛围为{atmosphere}', '视角为{view}', '{prompt}'];

/** Interior renders (家装、工装、室内、锁图、实时…): the keep sentence, then the picks. */
export const interiorRenderPrompt: HostedPrompt = {
  keep: keepInterior,
  lines: [
    '{keep}',
    '渲染成照片级的室内设计效果图',
    '空间为{space}',
    '装修风格为{style}',
    '材质真实，光影自然',
    ...RENDER_TAIL,
  ],
};

/** Architecture renders: massing kept, style, building type and surroundings. */
export const architectureRenderPrompt: HostedPrompt = {
  keep: keepExterior,
  lines: [
    '{keep}',
    '渲染成照片级的建筑效果图',
    '建筑类型为{space}',
    '建筑风格为{style}',
    '周边环境为{environment}',
    ...RENDER_TAIL,
  ],
};

/** Landscape renders: layout kept, style, landscape type and surroundings. */
export const landscapeRenderPrompt: HostedPrompt = {
  keep: keepExterior,
  lines: [
    '{keep}',
    '渲染成照片级的景观设计效果图，植物层次丰富',
    '景观类型为{space}',
    '景观风格为{style}',
    '周边环境为{environment}',
    ...RENDER_TAIL,
  ],
};

/** The shared render serving: an editing model told to keep the space; sketches go to doodle. */
export const renderServe: Pick<HostedSpec, 'dashscope' | 'ark'> = {
  dashscope: { recipe: 'render', when: [{ param: 'source', value: 'sketch', recipe: 'doodle' }] },
  ark: { recipe: 'render' },
};
