import { z } from 'zod';
import { defineTool } from '../define-tool';
import { cnStrength, count, input, lock, promptTxt, widgets } from '../params';

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
  params: z.object({ promptTxt, cnStrength: cnStrength(), lock: lock(true), count: count() }),
  widgets: {
    promptTxt: {
      ...widgets.promptTxt,
      help: {
        'zh-CN': '说明物品放在哪里，例如：把单椅放在窗边',
        'en-US': 'Say where the object goes',
      },
    },
    cnStrength: widgets.cnStrength,
    lock: widgets.lock,
    count: widgets.count,
  },
  badge: 'new',
});
