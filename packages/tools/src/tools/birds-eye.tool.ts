import { z } from 'zod';
import { defineTool } from '../define-tool';
import { exteriorRender, input } from '../params';

const set = exteriorRender({ kind: 'architecture', view: 'aerial' });

export const birdsEyeTool = defineTool({
  id: 'birds-eye',
  family: 'render',
  routes: ['/birdsViewRender'],
  name: { 'zh-CN': '鸟瞰渲染', 'en-US': "Bird's-eye render" },
  description: {
    'zh-CN': '规划总图与建筑群的鸟瞰效果图',
    'en-US': 'Aerial views of masterplans and building groups',
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
