import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input } from '../params';

export const mattingTool = defineTool({
  id: 'matting',
  family: 'edit',
  routes: ['/matting'],
  name: { 'zh-CN': '智能抠图', 'en-US': 'Matting' },
  description: {
    'zh-CN': '点选或涂抹，精准抠出主体生成透明 PNG',
    'en-US': 'Cut out the subject as a transparent PNG',
  },
  ticketType: 1,
  price: 1,
  capability: 'matting',
  inputs: [input.upload(), input.mask(false)],
  params: z.object({}),
  widgets: {},
});
