import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input } from '../params';

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
  params: z.object({}),
  widgets: {},
});
