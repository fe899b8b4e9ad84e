import { z } from 'zod';
import { defineTool } from '../define-tool';
import { exteriorRender, input } from '../params';

const set = exteriorRender({ kind: 'architecture', view: 'detail' });

export const architecturalPartTool = defineTool({
  id: 'architectural-part',
  family: 'render',
  routes: ['/architecturalPart'],
  name: { 'zh-CN': '建筑局部', 'en-US': 'Architectural detail' },
  description: {
    'zh-CN': '立面、入口、幕墙等局部精细化表现',
    'en-US': 'Facades, entrances and curtain walls in detail',
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
