import { z } from 'zod';
import { defineTool } from '../define-tool';
import { cnStrength, input, promptTxt, widgets } from '../params';

export const wanwuqianyiTool = defineTool({
  id: 'wanwuqianyi',
  family: 'render',
  routes: ['/wanwuqianyi'],
  name: { 'zh-CN': '万物迁移', 'en-US': 'Place anything' },
  description: {
    'zh-CN': '把一件物品自然地放进你的场景',
    'en-US': 'Place an object naturally into your scene',
  },
  ticketType: 1,
  price: 2,
  capability: 'image-edit',
  inputs: [
    input.upload(),
    { name: 'object_img', required: true, label: { 'zh-CN': '物品图', 'en-US': 'Object image' } },
  ],
  params: z.object({ promptTxt, cnStrength: cnStrength() }),
  widgets: { promptTxt: widgets.promptTxt, cnStrength: widgets.cnStrength },
  badge: 'new',
});
