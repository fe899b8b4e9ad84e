import { defineTool } from '../define-tool';

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
});
