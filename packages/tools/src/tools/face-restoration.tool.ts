import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, localized } from '../params';

export const faceRestorationTool = defineTool({
  id: 'face-restoration',
  family: 'edit',
  routes: ['/facerestoration'],
  name: { 'zh-CN': '人脸修复', 'en-US': 'Face restoration' },
  description: {
    'zh-CN': '修复效果图中模糊变形的人物面部',
    'en-US': 'Repair blurred or distorted faces in renders',
  },
  ticketType: 1,
  price: 2,
  capability: 'face-restore',
  inputs: [input.upload()],
  params: () =>
    z.object({
      // CodeFormer-style fidelity: low repairs boldly, high stays close to the original face.
      fidelity: z.number().min(0).max(1).default(0.5),
    }),
  widgets: {
    fidelity: {
      kind: 'slider',
      label: localized('保真度', 'Fidelity'),
      help: localized(
        '越高越接近原来的面部，越低修复越明显',
        'Higher stays closer to the original',
      ),
      min: 0,
      max: 1,
      step: 0.05,
    },
  },
  // Neither provider has a face-restoration function: their editing models are told what to mend.
  hosted: {
    dashscope: { recipe: 'description_edit' },
    ark: { recipe: 'edit' },
    prompt: {
      lines: [
        '修复画面中模糊、变形的人物面部，五官自然清晰，保持人物的身份、表情、发型、姿态和画面其余部分完全不变',
      ],
    },
  },
});
