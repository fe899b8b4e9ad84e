import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, interiorRender } from '../params';

const set = interiorRender({ space: 'home-space', lock: true });

export const lockImageTool = defineTool({
  id: 'lock-image',
  family: 'render',
  routes: ['/lockImg'],
  name: { 'zh-CN': '锁图渲染 · 室内', 'en-US': 'Locked render · indoor' },
  description: {
    'zh-CN': '锁定构图与透视，只改变风格与材质',
    'en-US': 'Keep composition and perspective, change style and materials',
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
