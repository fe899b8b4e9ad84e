import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input } from '../params';

export const cleanTool = defineTool({
  id: 'clean',
  family: 'edit',
  routes: ['/clean'],
  name: { 'zh-CN': '物体消除', 'en-US': 'Object removal' },
  description: {
    'zh-CN': '涂抹多余物体，自然补全背景',
    'en-US': 'Paint over clutter and fill the background naturally',
  },
  ticketType: 1,
  price: 1,
  capability: 'inpaint',
  inputs: [input.upload(), input.mask()],
  params: z.object({}),
  widgets: {},
});
