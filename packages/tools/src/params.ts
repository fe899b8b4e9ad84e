import { z } from 'zod';
import { catalogDefaults, type ClassifyGroup } from '@huijing/contracts';
import type { Localized, ToolInput, Widget } from './define-tool';
import {
  architectureRenderPrompt,
  interiorRenderPrompt,
  landscapeRenderPrompt,
  renderServe,
  type HostedSpec,
} from './hosted';

/**
 * Building blocks shared by tool definitions, named as in spec §3 (cnStrength, promptTxt,
 * style_img, upload_img, ipaPlus, lock, view, atmosphere, environment, ignoreWordAndImage, mask).
 * Tools compose these; a tool that truly differs declares its own.
 */
export const CN_STRENGTH_DEFAULT = 0.75;
export const CN_STRENGTH_INDOOR_EXTERIOR = 0.7;
export const { interiorStyle, architectureStyle, landscapeStyle, windowView, imageStyle } =
  catalogDefaults;

const t = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });
type Option = { value: string | number; label: Localized };
const options = (entries: readonly (readonly [string | number, string, string])[]): Option[] =>
  entries.map(([value, zh, en]) => ({ value, label: t(zh, en) }));

// ---- value schemas ----------------------------------------------------------------------

export const promptTxt = z.string().trim().max(1000).default('');
/** Generation tools cannot run on nothing: a prompt is required and the default is an example. */
export const requiredPrompt = (example: string) =>
  z.string().trim().min(1, '请输入描述词').max(1000).default(example);
export const negativePrompt = z.string().trim().max(500).default('');
export const cnStrength = (def = CN_STRENGTH_DEFAULT) => z.number().min(0).max(1).default(def);
/**
 * A catalogue category id (getAllClassify). Not checked against the catalogue here: the catalogue
 * is admin-edited data, and the server treats an unknown or disabled id as "no preference".
 * Empty means "let the model decide from the image".
 */
export const categoryPick = (def = '') => z.string().trim().max(64).default(def);
export const ipaPlus = z.boolean().default(false);
export const lock = (def = false) => z.boolean().default(def);
export const ignoreWordAndImage = z.boolean().default(false);
export const count = (def = 1) => z.number().int().min(1).max(4).default(def);

export const interiorViews = [
  ['auto', '跟随原图', 'As in the image'],
  ['eye-level', '人视平视', 'Eye level'],
  ['one-point', '一点透视', 'One-point perspective'],
  ['two-point', '两点透视', 'Two-point perspective'],
  ['top-down', '顶视俯拍', 'Top-down'],
  ['close-up', '局部特写', 'Close-up'],
] as const;
export const exteriorViews = [
  ['auto', '跟随原图', 'As in the image'],
  ['eye-level', '人视', 'Eye level'],
  ['half-aerial', '半鸟瞰', 'Low aerial'],
  ['aerial', '鸟瞰', 'Aerial'],
  ['street', '沿街透视', 'Street view'],
  ['detail', '局部特写', 'Detail'],
] as const;
const values = <T extends readonly (readonly [string, string, string])[]>(list: T) =>
  list.map(([v]) => v) as unknown as [T[number][0], ...T[number][0][]];
export const interiorView = z.enum(values(interiorViews)).default('auto');
export const exteriorView = z.enum(values(exteriorViews)).default('auto');

/**
 * The local colour-grade engine's atmospheres, so the atmosphere-change tool and the render
 * tools speak one vocabulary; render tools add "auto" (keep the light of the image).
 */
export const atmospheres = [
  ['day', '白天', 'Daylight'],
  ['sunny', '晴朗', 'Sunny'],
  ['dusk', '黄昏', 'Dusk'],
  ['night', '夜晚', 'Night'],
  ['overcast', '阴天', 'Overcast'],
  ['snow', '雪景', 'Snow'],
  ['warm', '暖调', 'Warm tone'],
  ['cool', '冷调', 'Cool tone'],
] as const;
const autoAtmosphere = [['auto', '跟随原图', 'As in the image'], ...atmospheres] as const;
export const atmosphere = z.enum(values(autoAtmosphere)).default('auto');

export const environments = [
  ['auto', '跟随原图', 'As in the image'],
  ['city', '城市', 'City'],
  ['suburb', '郊野', 'Countryside'],
  ['seaside', '海边', 'Seaside'],
  ['mountain', '山地', 'Mountains'],
  ['lakeside', '湖畔', 'Lakeside'],
  ['forest', '森林', 'Forest'],
  ['snowfield', '雪原', 'Snowfield'],
] as const;
export const environment = z.enum(values(environments)).default('auto');

/**
 * What the designer uploaded: hosted editing models are told in words to keep the space, and
 * the words differ for a photo, a 3D screenshot (白模) and a hand sketch (hosted.ts).
 */
export const inputSources = [
  ['photo', '实景照片', 'Photo'],
  ['model', '3D 截图/白模', '3D screenshot'],
  ['sketch', '手绘线稿', 'Sketch'],
] as const;
export type InputSource = (typeof inputSources)[number][0];
export const inputSource = (def: InputSource = 'photo') =>
  z.enum(values(inputSources)).default(def);

// ---- widget hints -----------------------------------------------------------------------

const countOptions = options([
  [1, '1 张', '1'],
  [2, '2 张', '2'],
  [3, '3 张', '3'],
  [4, '4 张', '4'],
]);

const stylePicker = (catalog: ClassifyGroup, label: Localized, help?: Localized): Widget => ({
  kind: 'style-picker',
  catalog,
  label,
  ...(help && { help }),
});

export const widgets = {
  promptTxt: {
    kind: 'prompt',
    label: t('描述词', 'Prompt'),
    help: t(
      '用中文描述想要的效果，例如：奶油风客厅，暖色灯光，落地窗',
      'Describe the result you want, e.g. cream-style living room, warm light',
    ),
  },
  requiredPrompt: {
    kind: 'prompt',
    label: t('画面描述', 'Prompt'),
    help: t(
      '写清空间、风格、材质与光线，例如：新中式茶室，胡桃木，午后斜阳',
      'Name the space, style, materials and light',
    ),
  },
  negativePrompt: {
    kind: 'text',
    label: t('不希望出现', 'Negative prompt'),
    help: t('例如：人物、文字、变形的家具', 'e.g. people, text, warped furniture'),
    advanced: true,
  },
  cnStrength: {
    kind: 'slider',
    label: t('结构还原度', 'Structure strength'),
    help: t(
      '越高越忠于原图的结构与透视；线稿、白模建议 0.7 以上',
      'Higher keeps more of the original structure',
    ),
    min: 0,
    max: 1,
    step: 0.05,
  },
  interiorStyle: stylePicker(
    'interior-style',
    t('装修风格', 'Style'),
    t('从风格库选择，如现代简约、奶油风、新中式', 'Pick from the style library'),
  ),
  architectureStyle: stylePicker('architecture-style', t('建筑风格', 'Architectural style')),
  landscapeStyle: stylePicker('landscape-style', t('景观风格', 'Landscape style')),
  homeSpace: stylePicker(
    'home-space',
    t('空间类型', 'Space'),
    t('不选则自动识别原图空间', 'Left empty, the space is recognised from the image'),
  ),
  commercialSpace: stylePicker(
    'commercial-space',
    t('空间类型', 'Space'),
    t('办公、餐饮、酒店、展厅等；不选则自动识别', 'Offices, restaurants, hotels…'),
  ),
  architectureType: stylePicker('architecture-type', t('建筑类型', 'Building type')),
  landscapeType: stylePicker('landscape-type', t('景观类型', 'Landscape type')),
  ipaPlus: {
    kind: 'switch',
    label: t('强化参考图风格', 'Follow the reference strongly'),
    help: t(
      '上传参考图后开启，色彩、材质与氛围更贴近参考图',
      'With a reference image: take its colours, materials and mood more strongly',
    ),
    advanced: true,
  },
  lock: {
    kind: 'switch',
    label: t('锁定构图', 'Lock composition'),
    help: t('保持原图的构图与透视不变，只改变风格与材质', 'Keep composition and perspective'),
    advanced: true,
  },
  interiorView: {
    kind: 'select',
    label: t('视角', 'View'),
    options: options(interiorViews),
    group: 'scene',
  },
  exteriorView: {
    kind: 'select',
    label: t('视角', 'View'),
    options: options(exteriorViews),
    group: 'scene',
  },
  atmosphere: {
    kind: 'select',
    label: t('氛围', 'Atmosphere'),
    help: t('时段与天气，决定光线与色调', 'Time of day and weather: light and colour'),
    options: options(autoAtmosphere),
    group: 'scene',
  },
  environment: {
    kind: 'select',
    label: t('周边环境', 'Surroundings'),
    help: t('建筑或景观所处的环境与背景', 'Where the building or landscape stands'),
    options: options(environments),
    group: 'scene',
  },
  ignoreWordAndImage: {
    kind: 'switch',
    label: t('忽略描述词与参考图', 'Ignore prompt and reference'),
    help: t(
      '只按原图与所选风格出图，适合描述词与参考图互相冲突时',
      'Render from the image and the chosen style only',
    ),
    advanced: true,
  },
  source: {
    kind: 'segmented',
    label: t('原图类型', 'Input'),
    help: t(
      '照片、3D 截图（白模）与手绘线稿的结构保持方式不同，请按上传的图片选择',
      'Photos, 3D screenshots and sketches keep their structure differently',
    ),
    options: options(inputSources),
  },
  count: {
    kind: 'segmented',
    label: t('生成数量', 'Images'),
    help: t('每张按一次计费', 'Each image is one run'),
    options: countOptions,
  },
} satisfies Record<string, Widget>;

export const input = {
  upload: (required = true): ToolInput => ({
    name: 'upload_img',
    required,
    label: t('原图', 'Image'),
  }),
  style: (required = false): ToolInput => ({
    name: 'style_img',
    required,
    label: t('参考图', 'Reference image'),
  }),
  mask: (required = true): ToolInput => ({
    name: 'mask',
    required,
    label: t('选区', 'Mask'),
  }),
};

// ---- parameter sets of the render families ----------------------------------------------

/**
 * A trained model (LoRA) from 我的模型 or 模型广场, and how strongly it applies. The server checks
 * the model may be used (own or published) and the ComfyUI workflow loads it with LoraLoader.
 */
export const loraId = z.string().trim().max(64).optional();
export const loraStrength = z.number().min(0).max(1.5).default(0.8);

/**
 * Interior renders (home, commercial, indoor, locked, live…): the spec's render parameters with
 * an interior style and space. Returned as a shape and its widgets so a tool can add its own.
 */
export const interiorRender = (o: {
  style?: string;
  space: 'home-space' | 'commercial-space';
  lock?: boolean;
  source?: InputSource;
}) => ({
  // Built when read (the tool's params function), not when the tool file is imported.
  get shape() {
    return {
      promptTxt,
      cnStrength: cnStrength(),
      source: inputSource(o.source),
      style: categoryPick(o.style ?? interiorStyle),
      space: categoryPick(),
      ipaPlus,
      lock: lock(o.lock),
      view: interiorView,
      atmosphere,
      ignoreWordAndImage,
      count: count(),
      loraId,
      loraStrength,
    };
  },
  widgets: {
    promptTxt: widgets.promptTxt,
    cnStrength: widgets.cnStrength,
    source: widgets.source,
    style: widgets.interiorStyle,
    space: o.space === 'home-space' ? widgets.homeSpace : widgets.commercialSpace,
    ipaPlus: widgets.ipaPlus,
    lock: widgets.lock,
    view: widgets.interiorView,
    atmosphere: widgets.atmosphere,
    ignoreWordAndImage: widgets.ignoreWordAndImage,
    count: widgets.count,
  },
  hosted: { ...renderServe, prompt: interiorRenderPrompt } satisfies HostedSpec,
});

/** Architecture and landscape renders: style, building or landscape type, surroundings. */
export const exteriorRender = (o: {
  kind: 'architecture' | 'landscape';
  style?: string;
  lock?: boolean;
  view?: (typeof exteriorViews)[number][0];
  source?: InputSource;
}) => ({
  // Built when read (the tool's params function), not when the tool file is imported.
  get shape() {
    return {
      promptTxt,
      cnStrength: cnStrength(),
      source: inputSource(o.source),
      style: categoryPick(
        o.style ?? (o.kind === 'architecture' ? architectureStyle : landscapeStyle),
      ),
      space: categoryPick(),
      ipaPlus,
      lock: lock(o.lock),
      view: z.enum(values(exteriorViews)).default(o.view ?? 'auto'),
      atmosphere,
      environment,
      ignoreWordAndImage,
      count: count(),
      loraId,
      loraStrength,
    };
  },
  widgets: {
    promptTxt: widgets.promptTxt,
    cnStrength: widgets.cnStrength,
    source: widgets.source,
    style: o.kind === 'architecture' ? widgets.architectureStyle : widgets.landscapeStyle,
    space: o.kind === 'architecture' ? widgets.architectureType : widgets.landscapeType,
    ipaPlus: widgets.ipaPlus,
    lock: widgets.lock,
    view: widgets.exteriorView,
    atmosphere: widgets.atmosphere,
    environment: widgets.environment,
    ignoreWordAndImage: widgets.ignoreWordAndImage,
    count: widgets.count,
  },
  hosted: {
    ...renderServe,
    prompt: o.kind === 'architecture' ? architectureRenderPrompt : landscapeRenderPrompt,
  } satisfies HostedSpec,
});

// ---- the local engine's parameters ------------------------------------------------------
// Copies of the schemas in apps/server/src/engines/local/*.capability.ts (same names, ranges and
// defaults) so the tool page offers exactly what the engine accepts. The engine validates again;
// a change there must be made here too (the registry test pins the shared vocabulary).

export const videoTransitions = [
  ['fade', '淡入淡出', 'Fade'],
  ['dissolve', '溶解', 'Dissolve'],
  ['wipeleft', '左划', 'Wipe left'],
  ['slideleft', '左推', 'Slide left'],
  ['circleopen', '圆形展开', 'Circle open'],
  ['zoomin', '推近', 'Zoom in'],
] as const;
export const videoTransition = (def: (typeof videoTransitions)[number][0]) =>
  z.enum(values(videoTransitions)).default(def);
export const fps = z.union([z.literal(24), z.literal(30)]).default(24);
export const resolution = z.enum(['720p', '1080p']).default('720p');

export const videoWidgets = {
  transition: {
    kind: 'select',
    label: t('转场效果', 'Transition'),
    options: options(videoTransitions),
  },
  fps: {
    kind: 'segmented',
    label: t('帧率', 'Frame rate'),
    options: options([
      [24, '24 帧', '24 fps'],
      [30, '30 帧', '30 fps'],
    ]),
    advanced: true,
  },
  resolution: {
    kind: 'segmented',
    label: t('清晰度', 'Resolution'),
    options: options([
      ['720p', '720P', '720p'],
      ['1080p', '1080P', '1080p'],
    ]),
  },
} satisfies Record<string, Widget>;

/** Both upscale tools share the local engine's form; they differ in the method they start with. */
export const upscaleParams = (mode: 'lanczos' | 'esrgan') =>
  // The local engine's upscale schema (the engine validates again).
  z.object({
    scale: z.union([z.literal(2), z.literal(4)]).default(2),
    mode: z.enum(['lanczos', 'esrgan']).default(mode),
  });

export const upscaleWidgets = {
  scale: {
    kind: 'segmented',
    label: t('放大倍数', 'Scale'),
    options: options([
      [2, '2 倍', '2×'],
      [4, '4 倍', '4×'],
    ]),
  },
  mode: {
    kind: 'segmented',
    label: t('放大方式', 'Method'),
    help: t(
      'AI 增强细节更好但较慢，适合 100 万像素以内的图片',
      'AI adds detail but is slow; best under one megapixel',
    ),
    options: options([
      ['lanczos', '高清插值', 'Lanczos'],
      ['esrgan', 'AI 增强', 'ESRGAN'],
    ]),
  },
} satisfies Record<string, Widget>;

export { options as widgetOptions, t as localized };
