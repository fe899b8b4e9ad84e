import { z } from 'zod';
import { defineTool } from '../define-tool';
import { requiredPrompt, widgets } from '../params';

export const textToImageTool = defineTool({
  id: 'text-to-image',
  family: 'generate',
  routes: ['/text2Img'],
  name: { 'zh-CN': '文生图', 'en-US': 'Text to image' },
  description: {
    'zh-CN': '输入一句描述生成设计灵感图',
    'en-US': 'Design inspiration from a sentence',
  },
  ticketType: 1,
  price: 2,
  capability: 'text-to-image',
  inputs: [],
  params: z.object({ promptTxt: requiredPrompt('现代简约客厅，自然光') }),
  widgets: { promptTxt: widgets.requiredPrompt },
});
