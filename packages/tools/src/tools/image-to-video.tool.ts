import { z } from 'zod';
import { defineTool } from '../define-tool';
import { fps, input, localized, resolution, videoWidgets, widgetOptions } from '../params';

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
  // The local engine's camera-move schema (the engine validates again).
  params: () =>
    z.object({
      motion: z
        .enum(['zoom-in', 'zoom-out', 'pan-left', 'pan-right', 'pan-up', 'pan-down', 'orbit'])
        .default('zoom-in'),
      duration: z.number().min(2).max(10).default(5),
      fps,
      resolution,
    }),
  widgets: {
    motion: {
      kind: 'select',
      label: localized('镜头运动', 'Camera move'),
      options: widgetOptions([
        ['zoom-in', '缓慢推近', 'Zoom in'],
        ['zoom-out', '缓慢拉远', 'Zoom out'],
        ['pan-left', '向左平移', 'Pan left'],
        ['pan-right', '向右平移', 'Pan right'],
        ['pan-up', '向上摇', 'Pan up'],
        ['pan-down', '向下摇', 'Pan down'],
        ['orbit', '环绕', 'Orbit'],
      ]),
    },
    duration: {
      kind: 'slider',
      label: localized('时长（秒）', 'Duration (s)'),
      min: 2,
      max: 10,
      step: 1,
    },
    resolution: videoWidgets.resolution,
    fps: videoWidgets.fps,
  },
  badge: 'hot',
  hosted: {
    dashscope: { recipe: 'image_to_video' },
    ark: { recipe: 'image_to_video' },
    prompt: {
      lines: ['让这张效果图动起来', '镜头运动：{motion}', '画面中的空间与家具保持不变，运镜平稳'],
    },
  },
});
