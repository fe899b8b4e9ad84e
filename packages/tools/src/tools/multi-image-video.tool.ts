import { defineTool } from '../define-tool';

export const multiImageVideoTool = defineTool({
  id: 'multi-image-video',
  family: 'generate',
  routes: ['/imgs2Video'],
  name: { 'zh-CN': '多图视频', 'en-US': 'Multi-image video' },
  description: {
    'zh-CN': '多张效果图串成带转场的视频',
    'en-US': 'String several renders into a video with transitions',
  },
  ticketType: 4,
});
