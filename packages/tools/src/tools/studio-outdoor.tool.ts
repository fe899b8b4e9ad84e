import { defineTool } from '../define-tool';

export const studioOutdoorTool = defineTool({
  id: 'studio-outdoor',
  family: 'render',
  routes: ['/outdoorShedShot'],
  name: { 'zh-CN': '室外棚拍', 'en-US': 'Outdoor studio shot' },
  description: {
    'zh-CN': '户外产品与小品的场景展示图',
    'en-US': 'Scene shots of outdoor products and features',
  },
  ticketType: 1,
});
