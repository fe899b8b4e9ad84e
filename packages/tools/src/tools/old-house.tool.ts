import { defineTool } from '../define-tool';

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
});
