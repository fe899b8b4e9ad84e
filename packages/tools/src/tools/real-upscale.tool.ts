import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, localized, widgetOptions } from '../params';

export const realUpscaleTool = defineTool({
  id: 'real-upscale',
  family: 'edit',
  routes: ['/realUpImg'],
  name: { 'zh-CN': '真实放大', 'en-US': 'Real upscale' },
  description: {
    'zh-CN': 'AI 增强细节，放大到 2 倍或 4 倍',
    'en-US': 'AI detail enhancement at 2× or 4×',
  },
  ticketType: 1,
  price: 1,
  capability: 'upscale',
  inputs: [input.upload()],
  // The local engine's upscale schema (the engine validates again).
  params: z.object({
    scale: z.union([z.literal(2), z.literal(4)]).default(2),
    mode: z.enum(['lanczos', 'esrgan']).default('esrgan'),
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
