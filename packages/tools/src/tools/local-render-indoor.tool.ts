import { defineTool } from '../define-tool';

export const localRenderIndoorTool = defineTool({
  id: 'local-render-indoor',
  family: 'render',
  routes: ['/localRenderingProIndoor'],
  name: { 'zh-CN': '局部渲染 Pro · 室内', 'en-US': 'Local render Pro · indoor' },
  description: {
    'zh-CN': '室内软装、材质的高精度局部重绘',
    'en-US': 'Precise local redraw for interiors',
  },
  ticketType: 1,
  badge: 'pro',
});
