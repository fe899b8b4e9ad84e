import { defineTool } from '../define-tool';

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
});
