import { defineTool } from '../define-tool';

export const firstLastVideoTool = defineTool({
  id: 'first-last-video',
  family: 'generate',
  routes: ['/imgs2Video'],
  entry: '/imgs2Video?mode=first-last',
  name: { 'zh-CN': '首尾帧视频', 'en-US': 'First and last frame video' },
  description: {
    'zh-CN': '给定首帧与尾帧，生成过渡动画',
    'en-US': 'Animate between a first and a last frame',
  },
  ticketType: 4,
});
