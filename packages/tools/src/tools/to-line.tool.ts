import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, localized, widgetOptions } from '../params';

export const toLineTool = defineTool({
  id: 'to-line',
  family: 'edit',
  routes: ['/toline'],
  name: { 'zh-CN': '图片转线稿', 'en-US': 'To line drawing' },
  description: {
    'zh-CN': '照片或效果图转为干净的线稿',
    'en-US': 'Turn photos or renders into clean line drawings',
  },
  ticketType: 1,
  price: 1,
  capability: 'to-line',
  inputs: [input.upload()],
  // The local engine's to-line schema (the engine validates again).
  params: () =>
    z.object({
      lineWeight: z.number().int().min(1).max(5).default(2),
      detail: z.enum(['low', 'medium', 'high']).default('medium'),
      style: z.enum(['xdog', 'canny']).default('xdog'),
    }),
  widgets: {
    lineWeight: {
      kind: 'slider',
      label: localized('线条粗细', 'Line weight'),
      min: 1,
      max: 5,
      step: 1,
    },
    detail: {
      kind: 'segmented',
      label: localized('细节程度', 'Detail'),
      options: widgetOptions([
        ['low', '简洁', 'Low'],
        ['medium', '适中', 'Medium'],
        ['high', '丰富', 'High'],
      ]),
    },
    style: {
      kind: 'segmented',
      label: localized('线稿风格', 'Style'),
      help: localized('手绘感适合效果图，硬朗边缘适合建筑与家具', 'Sketchy or crisp edges'),
      options: widgetOptions([
        ['xdog', '手绘感', 'Sketch (XDoG)'],
        ['canny', '硬朗边缘', 'Crisp (Canny)'],
      ]),
    },
  },
});
