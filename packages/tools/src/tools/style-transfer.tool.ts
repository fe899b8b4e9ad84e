import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, localized } from '../params';

export const styleTransferTool = defineTool({
  id: 'style-transfer',
  family: 'edit',
  routes: ['/styleTransfer'],
  name: { 'zh-CN': '风格迁移', 'en-US': 'Style transfer' },
  description: {
    'zh-CN': '参考一张图片的风格重新演绎你的设计',
    'en-US': 'Restyle your design after a reference image',
  },
  ticketType: 1,
  price: 1,
  capability: 'color-transfer',
  keepsStructure: true,
  inputs: [input.upload(), input.style(true)],
  // The local engine's colour-transfer schema (the engine validates again; it also accepts the
  // older cnStrength, which this form never sends).
  params: () => z.object({ strength: z.number().min(0).max(1).default(0.8) }),
  widgets: {
    strength: {
      kind: 'slider',
      label: localized('迁移强度', 'Strength'),
      help: localized('越高越接近参考图的色彩与影调', 'Higher takes more of the reference'),
      min: 0,
      max: 1,
      step: 0.05,
    },
  },
  hosted: {
    ark: { recipe: 'edit' },
    prompt: {
      lines: [
        '参考第二张图的色彩、材质与氛围重新演绎第一张图的设计',
        '第一张图的空间结构、透视、门窗与家具布局保持不变',
      ],
    },
  },
});
