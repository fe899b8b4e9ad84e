import { z } from 'zod';
import { defineTool } from '../define-tool';
import { cnStrength, count, input, localized, promptTxt, widgetOptions, widgets } from '../params';

export const multiAngleTool = defineTool({
  id: 'multi-angle',
  family: 'render',
  routes: ['/multiAngleRender'],
  name: { 'zh-CN': '多角度渲染', 'en-US': 'Multi-angle render' },
  description: {
    'zh-CN': '一张图生成同一空间的多个视角',
    'en-US': 'Several viewpoints of one space from one image',
  },
  ticketType: 1,
  price: 2,
  capability: 'render',
  inputs: [input.upload(), input.style()],
  params: z.object({
    promptTxt,
    cnStrength: cnStrength(),
    // Where the virtual camera goes; "auto" spreads the images over several angles.
    view: z
      .enum(['auto', 'orbit-left', 'orbit-right', 'wide', 'top-down', 'close-up'])
      .default('auto'),
    count: count(4),
  }),
  widgets: {
    promptTxt: widgets.promptTxt,
    cnStrength: widgets.cnStrength,
    view: {
      kind: 'select',
      label: localized('新视角', 'New angle'),
      options: widgetOptions([
        ['auto', '自动多角度', 'Several angles'],
        ['orbit-left', '向左环绕', 'Orbit left'],
        ['orbit-right', '向右环绕', 'Orbit right'],
        ['wide', '拉远全景', 'Wide'],
        ['top-down', '俯视', 'Top-down'],
        ['close-up', '局部特写', 'Close-up'],
      ]),
    },
    count: widgets.count,
  },
  badge: 'new',
});
