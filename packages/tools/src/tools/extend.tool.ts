import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input } from '../params';

export const extendTool = defineTool({
  id: 'extend',
  family: 'edit',
  routes: ['/extendImg'],
  name: { 'zh-CN': '图片扩展', 'en-US': 'Image extension' },
  description: {
    'zh-CN': '向四周延展画面，补全构图',
    'en-US': 'Extend the canvas outward and complete the scene',
  },
  ticketType: 1,
  price: 1,
  capability: 'extend',
  inputs: [input.upload()],
  params: z.object({}),
  widgets: {},
});
