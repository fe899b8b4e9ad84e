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

export const textToImageProTool = defineTool({
  id: 'text-to-image-pro',
  family: 'generate',
  routes: ['/text2ImgPro'],
  name: { 'zh-CN': '文生图 Pro', 'en-US': 'Text to image Pro' },
  description: {
    'zh-CN': '更多比例、数量与风格预设',
    'en-US': 'More ratios, counts and style presets',
  },
  ticketType: 1,
  price: 3,
  capability: 'text-to-image',
  inputs: [],
  params: z.object({
    promptTxt: requiredPrompt('现代简约客厅，自然光'),
    negativePrompt,
    style: categoryPick(imageStyle),
    aspectRatio: z.enum(['1:1', '4:3', '3:4', '16:9', '9:16']).default('4:3'),
    count: count(),
    /** Same seed and settings give the same picture; empty draws a new one each run. */
    seed: z.number().int().min(0).max(2_147_483_647).optional(),
  }),
  widgets: {
    promptTxt: widgets.requiredPrompt,
    style: {
      kind: 'style-picker',
      catalog: 'image-style',
      label: localized('风格预设', 'Style preset'),
      help: localized('写实摄影、手绘、水彩、马克笔…', 'Photoreal, sketch, watercolour…'),
    },
    aspectRatio: {
      kind: 'segmented',
      label: localized('画面比例', 'Aspect ratio'),
      options: widgetOptions([
        ['1:1', '1:1', '1:1'],
        ['4:3', '4:3', '4:3'],
        ['3:4', '3:4', '3:4'],
        ['16:9', '16:9', '16:9'],
        ['9:16', '9:16', '9:16'],
      ]),
    },
    count: widgets.count,
    negativePrompt: widgets.negativePrompt,
    seed: {
      kind: 'number',
      label: localized('随机种子', 'Seed'),
      help: localized('固定种子可复现同一张图', 'Fix it to reproduce an image'),
      min: 0,
      max: 2_147_483_647,
      step: 1,
      advanced: true,
    },
  },
  badge: 'pro',
});
