import { z } from 'zod';
import { defineTool } from '../define-tool';
import { exteriorRender, input } from '../params';

const set = exteriorRender({ kind: 'architecture', lock: true });

export const lockImageOutdoorTool = defineTool({
  id: 'lock-image-outdoor',
  family: 'render',
  routes: ['/lockImgOut'],
  name: { 'zh-CN': '锁图渲染 · 室外', 'en-US': 'Locked render · outdoor' },
  description: {
    'zh-CN': '室外场景锁定构图出图',
    'en-US': 'Locked-composition renders for exteriors',
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
