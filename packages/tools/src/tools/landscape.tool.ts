import { z } from 'zod';
import { defineTool } from '../define-tool';
import { exteriorRender, input } from '../params';

const set = exteriorRender({ kind: 'landscape' });

export const landscapeTool = defineTool({
  id: 'landscape',
  family: 'render',
  routes: ['/landscapeRenderNew', '/landscapeRender'],
  name: { 'zh-CN': '景观渲染', 'en-US': 'Landscape render' },
  description: {
    'zh-CN': '园林、庭院、公园与街道景观效果图',
    'en-US': 'Gardens, courtyards, parks and streetscapes',
  },
  ticketType: 1,
  price: 2,
  capability: 'render',
  keepsStructure: true,
  inputs: [input.upload(), input.style()],
  params: () => z.object(set.shape),
  widgets: set.widgets,
  hosted: set.hosted,
});
