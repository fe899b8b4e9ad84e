import { defineTool } from '../define-tool';

export const multiAngleTool = defineTool({
  id: 'multi-angle',
  family: 'render',
  routes: ['/multiAngleRender'],
  name: { 'zh-CN': '多角度渲染', 'en-US': 'Multi-angle render' },
  description: {
    'zh-CN': '一张图生成同一空间的多个视角',
    'en-US': 'Several viewpoints of one space from one image',
  },
  ticketType: 1,
  badge: 'new',
});
