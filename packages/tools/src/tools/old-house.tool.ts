import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, interiorRender } from '../params';

const set = interiorRender({ space: 'home-space' });

export const oldHouseTool = defineTool({
  id: 'old-house',
  family: 'edit',
  routes: ['/oldhouse'],
  name: { 'zh-CN': '旧房改造', 'en-US': 'Old-house renovation' },
  description: {
    'zh-CN': '老房照片一键预览翻新效果',
    'en-US': 'Preview a renovation from a photo of an old home',
  },
  ticketType: 1,
  price: 2,
  capability: 'render',
  keepsStructure: true,
  verb: { 'zh-CN': '开始改造', 'en-US': 'Renovate' },
  inputs: [input.upload(), input.style()],
  params: () => z.object(set.shape),
  widgets: set.widgets,
});
