import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, localized, widgetOptions } from '../params';

export const compressTool = defineTool({
  id: 'compress',
  family: 'edit',
  routes: ['/compress'],
  name: { 'zh-CN': '图片压缩', 'en-US': 'Compress' },
  description: {
    'zh-CN': '按目标大小或画质压缩图片',
    'en-US': 'Compress to a target size or quality',
  },
  ticketType: 1,
  price: 0,
  capability: 'compress',
  inputs: [input.upload()],
  // The local engine's compress schema (the engine validates again): all optional. Without a
  // target size the engine encodes at quality 80; with one, quality is the ceiling it searches.
  params: () =>
    z.object({
      format: z.enum(['jpeg', 'webp', 'avif']).optional(),
      targetKB: z.number().positive().max(100_000).optional(),
      quality: z.number().int().min(1).max(100).optional(),
    }),
  widgets: {
    format: {
      kind: 'segmented',
      label: localized('输出格式', 'Format'),
      help: localized('不选则 JPEG、WebP 保持原格式，其他转为 WebP', 'Left empty, keeps JPEG/WebP'),
      options: widgetOptions([
        ['jpeg', 'JPG', 'JPEG'],
        ['webp', 'WebP', 'WebP'],
        ['avif', 'AVIF', 'AVIF'],
      ]),
    },
    targetKB: {
      kind: 'number',
      label: localized('目标大小（KB）', 'Target size (KB)'),
      help: localized('例如 500；达不到时会适当缩小尺寸', 'Shrinks the picture if needed'),
      min: 10,
      max: 100_000,
      step: 10,
    },
    quality: {
      kind: 'slider',
      label: localized('画质', 'Quality'),
      help: localized(
        '默认 80；设置目标大小时为画质上限',
        'Default 80; the ceiling with a target size',
      ),
      min: 10,
      max: 100,
      step: 1,
      advanced: true,
    },
  },
});
