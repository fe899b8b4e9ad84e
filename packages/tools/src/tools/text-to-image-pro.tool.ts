import { z } from 'zod';
import { defineTool } from '../define-tool';
import { widgets } from '../params';

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
  price: 3,
  capability: 'text-to-image',
  inputs: [],
  params: z.object({
    promptTxt: z.string().trim().min(1, '请输入描述词').max(1000).default('现代简约客厅，自然光'),
  }),
  widgets: { promptTxt: widgets.promptTxt },
  badge: 'pro',
});
