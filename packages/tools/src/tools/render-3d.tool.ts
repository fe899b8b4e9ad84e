import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, interiorRender } from '../params';

const set = interiorRender({ space: 'home-space', source: 'model' });

export const render3dTool = defineTool({
  id: 'render-3d',
  family: 'render',
  routes: ['/3drender'],
  name: { 'zh-CN': '3D 渲染', 'en-US': '3D render' },
  description: {
    'zh-CN': '3D 软件截图直出照片级效果',
    'en-US': 'Photoreal output straight from 3D screenshots',
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
