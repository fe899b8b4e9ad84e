import { z } from 'zod';
import { defineTool } from '../define-tool';
import { atmospheres, input, localized, widgetOptions } from '../params';

export const atmosphereChangeTool = defineTool({
  id: 'atmosphere-change',
  family: 'edit',
  routes: ['/atmosphereChange'],
  name: { 'zh-CN': '氛围转换', 'en-US': 'Atmosphere change' },
  description: {
    'zh-CN': '白天、黄昏、夜景、雪景一键切换',
    'en-US': 'Day, dusk, night or snow in one click',
  },
  ticketType: 1,
  price: 1,
  capability: 'color-grade',
  keepsStructure: true,
  inputs: [input.upload()],
  // The local engine's colour-grade schema (the engine validates again).
  params: () =>
    z.object({
      atmosphere: z
        .enum(['day', 'dusk', 'night', 'overcast', 'snow', 'warm', 'cool', 'sunny'])
        .default('dusk'),
      strength: z.number().min(0).max(1).default(1),
    }),
  widgets: {
    atmosphere: {
      kind: 'select',
      label: localized('目标氛围', 'Atmosphere'),
      options: widgetOptions(atmospheres),
    },
    strength: {
      kind: 'slider',
      label: localized('强度', 'Strength'),
      min: 0,
      max: 1,
      step: 0.05,
    },
  },
  hosted: {
    dashscope: { recipe: 'description_edit' },
    ark: { recipe: 'edit' },
    prompt: {
      lines: ['保持画面内容与空间结构不变，只改变时段、天气与光线', '氛围为{atmosphere}'],
    },
  },
});
