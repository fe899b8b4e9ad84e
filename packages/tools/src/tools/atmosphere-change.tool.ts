import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input } from '../params';

export const atmosphereChangeTool = defineTool({
  id: 'atmosphere-change',
  family: 'edit',
  routes: ['/atmosphereChange'],
  name: { 'zh-CN': '氛围转换', 'en-US': 'Atmosphere change' },
  description: {
    'zh-CN': '白天、黄昏、夜景、雪景一键切换',
    'en-US': 'Day, dusk, night or snow in one click',
  },
  ticketType: 1,
  price: 1,
  capability: 'color-grade',
  inputs: [input.upload()],
  params: z.object({}),
  widgets: {},
});
