import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, interiorRender } from '../params';

const set = interiorRender({ space: 'home-space', source: 'sketch' });

export const liveRenderClassicTool = defineTool({
  id: 'live-render-classic',
  family: 'render',
  routes: ['/ailiveOld'],
  name: { 'zh-CN': '实时渲染（经典版）', 'en-US': 'Live render (classic)' },
  description: {
    'zh-CN': '经典版实时渲染界面',
    'en-US': 'The classic live rendering screen',
  },
  ticketType: 2,
  price: 1,
  capability: 'render',
  keepsStructure: true,
  inputs: [input.upload(), input.style()],
  params: () => z.object(set.shape),
  widgets: set.widgets,
  hosted: set.hosted,
});
