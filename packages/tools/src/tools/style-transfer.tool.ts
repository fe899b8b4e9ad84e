import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input } from '../params';

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
  inputs: [input.upload(), input.style(true)],
  params: z.object({}),
  widgets: {},
});
