import { defineTool } from '../define-tool';
import { input, upscaleParams, upscaleWidgets } from '../params';

export const realUpscaleTool = defineTool({
  id: 'real-upscale',
  family: 'edit',
  routes: ['/realUpImg'],
  name: { 'zh-CN': '真实放大', 'en-US': 'Real upscale' },
  description: {
    'zh-CN': 'AI 增强细节，放大到 2 倍或 4 倍',
    'en-US': 'AI detail enhancement at 2× or 4×',
  },
  ticketType: 1,
  price: 1,
  capability: 'upscale',
  inputs: [input.upload()],
  params: () => upscaleParams('esrgan'),
  widgets: upscaleWidgets,
  hosted: {
    dashscope: { recipe: 'super_resolution' },
    prompt: {
      lines: ['图像超分，内容不变，细节更清晰'],
    },
  },
});
