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
import type { ImageAspect } from '../aspects';

export { aspectSize, imageAspects, type ImageAspect } from '../aspects';

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
  hosted: {
    dashscope: { recipe: 'text_to_image' },
    ark: { recipe: 'text_to_image' },
    prompt: {
      lines: ['{prompt}', '画面风格为{style}', '设计效果图质感，构图完整'],
    },
  },
});
