import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, localized, widgetOptions } from '../params';

export const colorFlatPlanTool = defineTool({
  id: 'color-flat-plan',
  family: 'edit',
  routes: ['/colorFlatPicture'],
  name: { 'zh-CN': '彩色平面图', 'en-US': 'Colour flat plan' },
  description: {
    'zh-CN': '线稿平面图转为彩色平面图',
    'en-US': 'Turn line plans into coloured flat plans',
  },
  ticketType: 1,
  price: 1,
  capability: 'color-flat-plan',
  inputs: [input.upload()],
  // The local engine's colour-flat-plan schema (the engine validates again).
  params: () =>
    z.object({
      colors: z.number().int().min(4).max(24).default(10),
      palette: z.enum(['original', 'soft', 'vivid', 'mono']).default('original'),
      outline: z.boolean().default(true),
    }),
  widgets: {
    colors: {
      kind: 'slider',
      label: localized('颜色数量', 'Colours'),
      help: localized('区域配色使用的颜色数', 'How many colours fill the rooms'),
      min: 4,
      max: 24,
      step: 1,
    },
    palette: {
      kind: 'select',
      label: localized('配色方案', 'Palette'),
      options: widgetOptions([
        ['original', '沿用原图色', 'From the image'],
        ['soft', '柔和', 'Soft'],
        ['vivid', '鲜明', 'Vivid'],
        ['mono', '单色', 'Monochrome'],
      ]),
    },
    outline: { kind: 'switch', label: localized('保留墙线', 'Keep outlines') },
  },
  hosted: {
    dashscope: { recipe: 'colorization' },
    prompt: {
      lines: ['为线稿平面图上色，墙体、地面、家具与绿化用清晰协调的彩色平面图配色'],
    },
  },
});
