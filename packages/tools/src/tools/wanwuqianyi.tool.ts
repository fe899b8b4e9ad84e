import { defineTool } from '../define-tool';

export const wanwuqianyiTool = defineTool({
  id: 'wanwuqianyi',
  family: 'render',
  routes: ['/wanwuqianyi'],
  name: { 'zh-CN': '万物迁移', 'en-US': 'Place anything' },
  description: {
    'zh-CN': '把一件物品自然地放进你的场景',
    'en-US': 'Place an object naturally into your scene',
  },
  ticketType: 1,
  badge: 'new',
});
