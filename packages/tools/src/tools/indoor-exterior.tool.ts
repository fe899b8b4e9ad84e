import { defineTool } from '../define-tool';

export const indoorExteriorTool = defineTool({
  id: 'indoor-exterior',
  family: 'render',
  routes: ['/indoorExterior'],
  name: { 'zh-CN': '室内外景', 'en-US': 'Window views' },
  description: {
    'zh-CN': '为室内效果图生成自然的窗外景色',
    'en-US': 'Natural views outside the windows of an interior',
  },
  ticketType: 1,
});
