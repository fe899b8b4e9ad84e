import { z } from 'zod';
import { defineTool } from '../define-tool';
import {
  categoryPick,
  count,
  imageStyle,
  localized,
  negativePrompt,
  requiredPrompt,
  widgets,
} from '../params';
import { aspectParam, imageStyleWidget } from './text-to-image.tool';

// Pro: every shape (photo, poster and banner ones too) and a seed to reproduce a picture.
const aspect = aspectParam(['1:1', '4:3', '3:4', '3:2', '2:3', '16:9', '9:16', '21:9'], '4:3');

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
  params: () =>
    z.object({
      promptTxt: requiredPrompt('现代简约客厅，自然光'),
      negativePrompt,
      style: categoryPick(imageStyle),
      aspectRatio: aspect.schema,
      count: count(),
      /** Same seed and settings give the same picture; empty draws a new one each run. */
      seed: z.number().int().min(0).max(2_147_483_647).optional(),
    }),
  widgets: {
    promptTxt: widgets.requiredPrompt,
    style: imageStyleWidget,
    aspectRatio: aspect.widget,
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
  hosted: {
    dashscope: { recipe: 'text_to_image' },
    ark: { recipe: 'text_to_image' },
    prompt: {
      lines: ['{prompt}', '画面风格为{style}', '设计效果图质感，构图完整'],
    },
  },
});
