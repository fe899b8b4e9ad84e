import { z } from 'zod';
import { defineTool } from '../define-tool';
import {
  fps,
  localized,
  resolution,
  videoTransition,
  videoWidgets,
  widgetOptions,
} from '../params';

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
  // The local engine's multi-image schema (the engine validates again).
  params: () =>
    z.object({
      durationPerImage: z.number().min(1).max(8).default(3),
      /**
       * Seconds of each picture in order; a picture without an entry holds durationPerImage. The
       * page's frame sequence edits it (no generated widget).
       */
      durations: z.array(z.number().min(1).max(8)).max(20).default([]),
      transition: videoTransition('fade'),
      transitionDuration: z.number().min(0.3).max(1.5).default(0.8),
      fit: z.enum(['cover', 'contain']).default('cover'),
      fps,
      resolution,
    }),
  widgets: {
    durationPerImage: {
      kind: 'slider',
      label: localized('默认每张时长（秒）', 'Default seconds per image'),
      help: localized(
        '新加入的图片用这个时长，每张也可单独调整',
        'Each picture can also be set on its own',
      ),
      min: 1,
      max: 8,
      step: 0.5,
    },
    transition: videoWidgets.transition,
    transitionDuration: {
      kind: 'slider',
      label: localized('转场时长（秒）', 'Transition (s)'),
      min: 0.3,
      max: 1.5,
      step: 0.1,
    },
    fit: {
      kind: 'segmented',
      label: localized('画面适配', 'Fit'),
      help: localized('裁切铺满，或完整显示并加黑边', 'Crop to fill, or letterbox'),
      options: widgetOptions([
        ['cover', '裁切铺满', 'Cover'],
        ['contain', '完整显示', 'Contain'],
      ]),
    },
    resolution: videoWidgets.resolution,
    fps: videoWidgets.fps,
  },
});
