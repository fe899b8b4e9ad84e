import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input } from '../params';

export const colorFlatPlanTool = defineTool({
  id: 'color-flat-plan',
  family: 'edit',
  routes: ['/colorFlatPicture'],
  name: { 'zh-CN': '彩色平面图', 'en-US': 'Colour flat plan' },
  description: {
    'zh-CN': '线稿平面图转为彩色平面图',
    'en-US': 'Turn line plans into coloured flat plans',
  },
  ticketType: 1,
  price: 1,
  capability: 'color-flat-plan',
  inputs: [input.upload()],
  params: z.object({}),
  widgets: {},
});
