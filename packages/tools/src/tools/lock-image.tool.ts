import { z } from 'zod';
import { defineTool } from '../define-tool';
import { cnStrength, input, promptTxt, widgets } from '../params';

export const lockImageTool = defineTool({
  id: 'lock-image',
  family: 'render',
  routes: ['/lockImg'],
  name: { 'zh-CN': '锁图渲染 · 室内', 'en-US': 'Locked render · indoor' },
  description: {
    'zh-CN': '锁定构图与透视，只改变风格与材质',
    'en-US': 'Keep composition and perspective, change style and materials',
  },
  ticketType: 1,
  price: 2,
  capability: 'render',
  inputs: [input.upload(), input.style()],
  params: z.object({ promptTxt, cnStrength: cnStrength() }),
  widgets: { promptTxt: widgets.promptTxt, cnStrength: widgets.cnStrength },
});
