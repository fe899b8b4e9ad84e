import { z } from 'zod';
import { defineTool } from '../define-tool';
import { renderServe } from '../hosted';
import {
  categoryPick,
  cnStrength,
  count,
  input,
  interiorStyle,
  localized,
  promptTxt,
  widgetOptions,
  widgets,
} from '../params';

export const allPlanTool = defineTool({
  id: 'all-plan',
  family: 'render',
  routes: ['/allPlan'],
  name: { 'zh-CN': '户型图渲染', 'en-US': 'Floor plan render' },
  description: {
    'zh-CN': '平面户型图生成立体彩色效果',
    'en-US': 'Turn floor plans into colourful 3D-looking plans',
  },
  ticketType: 1,
  price: 2,
  capability: 'render',
  keepsStructure: true,
  inputs: [input.upload(), input.style()],
  params: () =>
    z.object({
      promptTxt,
      cnStrength: cnStrength(),
      style: categoryPick(interiorStyle),
      view: z.enum(['top-down', 'axonometric']).default('top-down'),
      count: count(),
    }),
  widgets: {
    promptTxt: widgets.promptTxt,
    cnStrength: widgets.cnStrength,
    style: widgets.interiorStyle,
    view: {
      kind: 'segmented',
      label: localized('表现方式', 'Presentation'),
      options: widgetOptions([
        ['top-down', '彩色平面', 'Coloured plan'],
        ['axonometric', '轴测鸟瞰', 'Axonometric'],
      ]),
    },
    count: widgets.count,
  },
  hosted: {
    ...renderServe,
    prompt: {
      lines: [
        '这是一张平面户型图：严格保持墙体、门窗洞口与房间划分的位置和比例不变',
        '表现为{view}的立体彩色户型效果图',
        '装修风格为{style}',
        '家具按房间功能合理摆放',
        '{prompt}',
      ],
    },
  },
});
