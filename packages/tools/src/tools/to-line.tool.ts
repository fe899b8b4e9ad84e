import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input } from '../params';

export const toLineTool = defineTool({
  id: 'to-line',
  family: 'edit',
  routes: ['/toline'],
  name: { 'zh-CN': '图片转线稿', 'en-US': 'To line drawing' },
  description: {
    'zh-CN': '照片或效果图转为干净的线稿',
    'en-US': 'Turn photos or renders into clean line drawings',
  },
  ticketType: 1,
  price: 1,
  capability: 'to-line',
  inputs: [input.upload()],
  params: z.object({}),
  widgets: {},
});
