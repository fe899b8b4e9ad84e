import { defineTool } from '../define-tool';

export const textToVideoTool = defineTool({
  id: 'text-to-video',
  family: 'generate',
  routes: ['/text2Video'],
  name: { 'zh-CN': '文生视频', 'en-US': 'Text to video' },
  description: {
    'zh-CN': '用文字生成空间漫游短视频',
    'en-US': 'Short walkthrough videos from text',
  },
  ticketType: 4,
  badge: 'new',
});
