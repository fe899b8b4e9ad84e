import { z } from 'zod';
import { defineTool } from '../define-tool';
import { fps, localized, resolution, videoTransition, videoWidgets } from '../params';

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
  // The local engine's first/last-frame schema (the engine validates again).
  params: () =>
    z.object({
      duration: z.number().min(2).max(10).default(4),
      transition: videoTransition('dissolve'),
      fps,
      resolution,
    }),
  widgets: {
    duration: {
      kind: 'slider',
      label: localized('时长（秒）', 'Duration (s)'),
      min: 2,
      max: 10,
      step: 1,
    },
    transition: videoWidgets.transition,
    resolution: videoWidgets.resolution,
    fps: videoWidgets.fps,
  },
  hosted: {
    dashscope: { recipe: 'first_last_video' },
    ark: { recipe: 'first_last_video' },
    prompt: {
      lines: ['镜头平稳地从首帧过渡到尾帧', '空间结构保持连贯'],
    },
  },
});
