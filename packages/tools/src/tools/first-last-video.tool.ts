import { z } from 'zod';
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
  price: 1,
  capability: 'video-first-last',
  inputs: [
    { name: 'first_frame', required: true, label: { 'zh-CN': '首帧', 'en-US': 'First frame' } },
    { name: 'last_frame', required: true, label: { 'zh-CN': '尾帧', 'en-US': 'Last frame' } },
  ],
  params: z.object({}),
  widgets: {},
});
