import { z } from 'zod';
import { defineTool } from '../define-tool';
import { exteriorRender, input } from '../params';

const set = exteriorRender({ kind: 'architecture', source: 'model' });

export const architectureTool = defineTool({
  id: 'architecture',
  family: 'render',
  routes: ['/architecturalRenderNew', '/architecturalRender'],
  name: { 'zh-CN': '建筑渲染', 'en-US': 'Architectural render' },
  description: {
    'zh-CN': '体块或 SU 模型截图生成写实建筑效果图',
    'en-US': 'Photorealistic architecture from massing or SketchUp screenshots',
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
