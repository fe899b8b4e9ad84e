import { z } from 'zod';
import { defineTool } from '../define-tool';
import { cnStrength, input, promptTxt, widgets } from '../params';

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
  params: z.object({ promptTxt, cnStrength: cnStrength() }),
  widgets: { promptTxt: widgets.promptTxt, cnStrength: widgets.cnStrength },
  badge: 'new',
});
