import { defineTool } from '../define-tool';

export const textToImageProTool = defineTool({
  id: 'text-to-image-pro',
  family: 'generate',
  routes: ['/text2ImgPro'],
  name: { 'zh-CN': '文生图 Pro', 'en-US': 'Text to image Pro' },
  description: {
    'zh-CN': '更多比例、数量与风格预设',
    'en-US': 'More ratios, counts and style presets',
  },
  ticketType: 1,
  badge: 'pro',
});
