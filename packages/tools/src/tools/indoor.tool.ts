import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, interiorRender } from '../params';

const set = interiorRender({ space: 'home-space' });

export const indoorTool = defineTool({
  id: 'indoor',
  family: 'render',
  routes: ['/indoorRender'],
  name: { 'zh-CN': '室内渲染', 'en-US': 'Indoor render' },
  description: {
    'zh-CN': '室内照片或 3D 截图快速出图，空间结构保持不变',
    'en-US': 'Render indoor photos or 3D screenshots while keeping the structure',
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
