import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input } from '../params';

export const compressTool = defineTool({
  id: 'compress',
  family: 'edit',
  routes: ['/compress'],
  name: { 'zh-CN': '图片压缩', 'en-US': 'Compress' },
  description: {
    'zh-CN': '按目标大小或画质压缩图片',
    'en-US': 'Compress to a target size or quality',
  },
  ticketType: 1,
  price: 0,
  capability: 'compress',
  inputs: [input.upload()],
  params: z.object({}),
  widgets: {},
});
