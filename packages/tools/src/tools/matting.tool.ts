import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, localized } from '../params';

const point = z.object({
  x: z.number().min(0),
  y: z.number().min(0),
  positive: z.boolean().default(true),
});

export const mattingTool = defineTool({
  id: 'matting',
  family: 'edit',
  routes: ['/matting'],
  name: { 'zh-CN': '智能抠图', 'en-US': 'Matting' },
  description: {
    'zh-CN': '点选或涂抹，精准抠出主体生成透明 PNG',
    'en-US': 'Cut out the subject as a transparent PNG',
  },
  ticketType: 1,
  price: 1,
  capability: 'matting',
  inputs: [input.upload(), input.mask(false)],
  // The local engine's matting schema (the engine validates again). Points, clicks and the
  // rectangle come from the editor (pixel coordinates of the upload), not from the form. The
  // page always asks for a transparent PNG and lays a background under it on the result, so
  // changing the background costs no run; bgColor stays for API callers.
  params: () =>
    z.object({
      points: z.array(point).max(50).default([]),
      clicks: z.array(point).max(50).default([]),
      rect: z
        .object({
          x: z.number().min(0),
          y: z.number().min(0),
          width: z.number().positive(),
          height: z.number().positive(),
        })
        .optional(),
      bgColor: z
        .string()
        .regex(/^#[0-9a-fA-F]{6}$/, '背景色须为 #RRGGBB')
        .optional(),
      tolerance: z.number().min(1).max(100).default(18),
    }),
  // Nothing to set in the form: the subject comes from the picture or the editor's marks (the
  // editor's click selection has its own tolerance). The background is chosen on the result
  // (features/tools/overrides, free, applied in the browser), so its widget is hidden here.
  widgets: {
    bgColor: {
      kind: 'hidden',
      label: localized('背景色', 'Background colour'),
      help: localized('在结果上选择，下载时合成', 'Chosen on the result, applied on download'),
    },
  },
});
