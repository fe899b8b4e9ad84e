import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, interiorRender } from '../params';

const set = interiorRender({ space: 'home-space' });

export const homeDecorationTool = defineTool({
  id: 'home-decoration',
  family: 'render',
  routes: ['/indoorRenderNew'],
  name: { 'zh-CN': '家装渲染', 'en-US': 'Home decoration render' },
  description: {
    'zh-CN': '毛坯、白模或手绘线稿，一键生成家装效果图',
    'en-US': 'Turn bare rooms, white models or sketches into home interior renders',
  },
  ticketType: 1,
  price: 2,
  capability: 'render',
  keepsStructure: true,
  inputs: [input.upload(), input.style()],
  params: () => z.object(set.shape),
  widgets: set.widgets,
  hosted: set.hosted,
  badge: 'hot',
});
