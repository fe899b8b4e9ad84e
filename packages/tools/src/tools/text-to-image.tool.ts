import { z } from 'zod';
import { defineTool } from '../define-tool';
import {
  categoryPick,
  count,
  imageStyle,
  localized,
  negativePrompt,
  requiredPrompt,
  widgetOptions,
  widgets,
} from '../params';

/**
 * Picture shapes of the text-to-image tools and the pixel size each asks the model for: SDXL's
 * trained buckets (about one megapixel, sides in multiples of 64), so no shape is a stretched
 * square. The ComfyUI binding (text-to-image.binding.json) maps `aspectRatio` to these sizes and a
 * server test keeps the two equal; the page shows the size under each ratio chip.
 */
export const imageAspects = {
  '1:1': { width: 1024, height: 1024 },
  '4:3': { width: 1152, height: 896 },
  '3:4': { width: 896, height: 1152 },
  '3:2': { width: 1216, height: 832 },
  '2:3': { width: 832, height: 1216 },
  '16:9': { width: 1344, height: 768 },
  '9:16': { width: 768, height: 1344 },
  '21:9': { width: 1536, height: 640 },
} as const;
export type ImageAspect = keyof typeof imageAspects;

/** The pixel size of a ratio; an unknown ratio (an old saved value) gets the square. */
export const aspectSize = (ratio: unknown): { width: number; height: number } =>
  imageAspects[ratio as ImageAspect] ?? imageAspects['1:1'];

const aspectNames: Record<ImageAspect, [zh: string, en: string]> = {
  '1:1': ['1:1 方图', '1:1 Square'],
  '4:3': ['4:3 横图', '4:3 Landscape'],
  '3:4': ['3:4 竖图', '3:4 Portrait'],
  '3:2': ['3:2 相机', '3:2 Photo'],
  '2:3': ['2:3 海报', '2:3 Poster'],
  '16:9': ['16:9 宽屏', '16:9 Wide'],
  '9:16': ['9:16 手机', '9:16 Phone'],
  '21:9': ['21:9 全景横幅', '21:9 Banner'],
};

/** A ratio parameter over some of the shapes, with its chip widget. */
export const aspectParam = <const R extends readonly [ImageAspect, ...ImageAspect[]]>(
  ratios: R,
  def: R[number],
) => ({
  schema: z.enum(ratios).default(def),
  widget: {
    kind: 'segmented' as const,
    label: localized('画面比例', 'Aspect ratio'),
    options: widgetOptions(ratios.map((r) => [r, ...aspectNames[r]] as const)),
  },
});

/** The style presets: the catalogue's image styles (写实摄影、手绘、水彩…), shown as cards. */
export const imageStyleWidget = {
  kind: 'style-picker' as const,
  catalog: 'image-style' as const,
  label: localized('风格预设', 'Style preset'),
  help: localized('写实摄影、手绘、水彩、马克笔…', 'Photoreal, sketch, watercolour…'),
};

const aspect = aspectParam(['1:1', '4:3', '3:4', '16:9', '9:16'], '4:3');

export const textToImageTool = defineTool({
  id: 'text-to-image',
  family: 'generate',
  routes: ['/text2Img'],
  name: { 'zh-CN': '文生图', 'en-US': 'Text to image' },
  description: {
    'zh-CN': '输入一句描述生成设计灵感图',
    'en-US': 'Design inspiration from a sentence',
  },
  ticketType: 1,
  price: 2,
  capability: 'text-to-image',
  inputs: [],
  params: () =>
    z.object({
      promptTxt: requiredPrompt('现代简约客厅，自然光'),
      style: categoryPick(imageStyle),
      aspectRatio: aspect.schema,
      count: count(),
      negativePrompt,
    }),
  widgets: {
    promptTxt: widgets.requiredPrompt,
    style: imageStyleWidget,
    aspectRatio: aspect.widget,
    count: widgets.count,
    negativePrompt: widgets.negativePrompt,
  },
});
