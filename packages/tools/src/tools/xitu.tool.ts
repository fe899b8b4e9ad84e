import { defineTool } from '../define-tool';

export const xituTool = defineTool({
  id: 'xitu',
  family: 'edit',
  routes: ['/xitu'],
  name: { 'zh-CN': '一键后期', 'en-US': 'One-click post-processing' },
  description: {
    'zh-CN': '调色、锐化、光感一键增强效果图',
    'en-US': 'Colour, sharpness and light enhanced in one click',
  },
  ticketType: 1,
});
