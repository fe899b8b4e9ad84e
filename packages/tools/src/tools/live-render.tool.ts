import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, interiorRender } from '../params';

const set = interiorRender({ space: 'home-space', source: 'sketch' });

export const liveRenderTool = defineTool({
  id: 'live-render',
  family: 'render',
  routes: ['/ailive'],
  name: { 'zh-CN': '实时渲染', 'en-US': 'Live render' },
  description: {
    'zh-CN': '边画边出图，草图实时变效果图',
    'en-US': 'Sketch and see the render update live',
  },
  ticketType: 2,
  price: 1,
  capability: 'render',
  keepsStructure: true,
  inputs: [input.upload(), input.style()],
  params: () => z.object(set.shape),
  widgets: set.widgets,
  hosted: set.hosted,
  badge: 'new',
});
