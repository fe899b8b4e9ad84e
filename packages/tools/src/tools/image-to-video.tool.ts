import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input } from '../params';

export const imageToVideoTool = defineTool({
  id: 'image-to-video',
  family: 'generate',
  routes: ['/img2Video'],
  name: { 'zh-CN': '图生视频', 'en-US': 'Image to video' },
  description: {
    'zh-CN': '让效果图动起来：推拉摇移镜头',
    'en-US': 'Bring a render to life with camera moves',
  },
  ticketType: 4,
  price: 1,
  capability: 'video-camera-move',
  inputs: [input.upload()],
  params: z.object({}),
  widgets: {},
  badge: 'hot',
});
