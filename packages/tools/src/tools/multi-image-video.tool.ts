import { z } from 'zod';
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
  price: 1,
  capability: 'video-multi-image',
  inputs: [
    {
      name: 'frames',
      required: true,
      label: { 'zh-CN': '图片', 'en-US': 'Images' },
      multiple: { min: 2, max: 20 },
    },
  ],
  params: z.object({}),
  widgets: {},
});
