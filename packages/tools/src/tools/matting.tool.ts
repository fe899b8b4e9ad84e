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
  // rectangle come from the editor (pixel coordinates of the upload), not from the form; without
  // bgColor the result is a transparent PNG.
  params: z.object({
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
  widgets: {
    bgColor: {
      kind: 'text',
      label: localized('背景色', 'Background colour'),
      help: localized('如 #FFFFFF；留空为透明背景', 'e.g. #FFFFFF; empty for transparent'),
    },
    tolerance: {
      kind: 'slider',
      label: localized('颜色容差', 'Tolerance'),
      help: localized(
        '点选时与所点颜色相差多少仍算作主体；边缘粘连时调低',
        'How far a colour may differ from the clicked one',
      ),
      min: 1,
      max: 100,
      step: 1,
      advanced: true,
    },
  },
});
