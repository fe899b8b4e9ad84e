import { z } from 'zod';
import { defineTool } from '../define-tool';
import { widgets } from '../params';

export const textToVideoTool = defineTool({
  id: 'text-to-video',
  family: 'generate',
  routes: ['/text2Video'],
  name: { 'zh-CN': '文生视频', 'en-US': 'Text to video' },
  description: {
    'zh-CN': '用文字生成空间漫游短视频',
    'en-US': 'Short walkthrough videos from text',
  },
  ticketType: 4,
  price: 1,
  capability: 'text-to-video',
  inputs: [],
  params: z.object({
    promptTxt: z.string().trim().min(1, '请输入描述词').max(1000).default('现代简约客厅，自然光'),
  }),
  widgets: { promptTxt: widgets.promptTxt },
  badge: 'new',
});
