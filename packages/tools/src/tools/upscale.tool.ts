import { defineTool } from '../define-tool';
import { input, upscaleParams, upscaleWidgets } from '../params';

export const upscaleTool = defineTool({
  id: 'upscale',
  family: 'edit',
  routes: ['/upScaleImg'],
  name: { 'zh-CN': '无损放大', 'en-US': 'Upscale' },
  description: {
    'zh-CN': '高质量插值放大并锐化细节',
    'en-US': 'High-quality enlargement with sharpening',
  },
  ticketType: 1,
  price: 1,
  capability: 'upscale',
  inputs: [input.upload()],
  params: () => upscaleParams('lanczos'),
  widgets: upscaleWidgets,
  hosted: {
    dashscope: { recipe: 'super_resolution' },
    prompt: {
      lines: ['图像超分，内容不变，细节更清晰'],
    },
  },
});
