import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, localized, widgetOptions } from '../params';

export const upscaleTool = defineTool({
  id: 'upscale',
  family: 'edit',
  routes: ['/upScaleImg'],
  name: { 'zh-CN': '无损放大', 'en-US': 'Upscale' },
  description: {
    'zh-CN': '高质量插值放大并锐化细节',
    'en-US': 'High-quality enlargement with sharpening',
  },
  ticketType: 1,
  price: 1,
  capability: 'upscale',
  inputs: [input.upload()],
  // The local engine's upscale schema (the engine validates again).
  params: z.object({
    scale: z.union([z.literal(2), z.literal(4)]).default(2),
    mode: z.enum(['lanczos', 'esrgan']).default('lanczos'),
  }),
  widgets: {
    scale: {
      kind: 'segmented',
      label: localized('放大倍数', 'Scale'),
      options: widgetOptions([
        [2, '2 倍', '2×'],
        [4, '4 倍', '4×'],
      ]),
    },
    mode: {
      kind: 'segmented',
      label: localized('放大方式', 'Method'),
      help: localized(
        'AI 增强细节更好但较慢，适合 100 万像素以内的图片',
        'AI adds detail but is slow; best under one megapixel',
      ),
      options: widgetOptions([
        ['lanczos', '高清插值', 'Lanczos'],
        ['esrgan', 'AI 增强', 'ESRGAN'],
      ]),
    },
  },
});
