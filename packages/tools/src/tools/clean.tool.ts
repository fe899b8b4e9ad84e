import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, localized, widgetOptions } from '../params';

export const cleanTool = defineTool({
  id: 'clean',
  family: 'edit',
  routes: ['/clean'],
  name: { 'zh-CN': '物体消除', 'en-US': 'Object removal' },
  description: {
    'zh-CN': '涂抹多余物体，自然补全背景',
    'en-US': 'Paint over clutter and fill the background naturally',
  },
  ticketType: 1,
  price: 1,
  capability: 'inpaint',
  keepsStructure: true,
  inputs: [input.upload(), input.mask()],
  // The local engine's inpaint schema (the engine validates again).
  params: () =>
    z.object({
      method: z.enum(['auto', 'patch', 'telea', 'ns']).default('auto'),
      radius: z.number().int().min(1).max(30).optional(),
    }),
  widgets: {
    method: {
      kind: 'segmented',
      label: localized('修补方式', 'Method'),
      help: localized(
        '智能：按涂抹大小自动选择；纹理：从画面其他位置取样补全地板、墙面等纹理；快速适合细小划痕；平滑适合大面积渐变',
        'Auto picks by the painted size; texture copies floor or wall texture from elsewhere in the picture; fast suits thin scratches; smooth suits gradients',
      ),
      options: widgetOptions([
        ['auto', '智能', 'Auto'],
        ['patch', '纹理', 'Texture'],
        ['telea', '快速', 'Fast'],
        ['ns', '平滑', 'Smooth'],
      ]),
    },
    radius: {
      kind: 'slider',
      label: localized('取样范围', 'Sampling radius'),
      help: localized('不设置时按选区大小自动决定', 'Automatic when not set'),
      min: 1,
      max: 30,
      step: 1,
      advanced: true,
    },
  },
  hosted: {
    dashscope: { recipe: 'remove_object' },
    prompt: {
      lines: ['移除涂抹区域内的物体，用周围的背景自然补全，不留痕迹'],
    },
  },
});
