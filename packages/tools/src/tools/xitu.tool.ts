import { z } from 'zod';
import { defineTool } from '../define-tool';
import { atmosphere, cnStrength, count, input, promptTxt, widgets } from '../params';

export const xituTool = defineTool({
  id: 'xitu',
  family: 'edit',
  routes: ['/xitu'],
  name: { 'zh-CN': '一键后期', 'en-US': 'One-click post-processing' },
  description: {
    'zh-CN': '调色、锐化、光感一键增强效果图',
    'en-US': 'Colour, sharpness and light enhanced in one click',
  },
  ticketType: 1,
  price: 2,
  capability: 'render',
  keepsStructure: true,
  verb: { 'zh-CN': '开始后期', 'en-US': 'Post-process' },
  inputs: [input.upload(), input.style()],
  params: () => z.object({ promptTxt, cnStrength: cnStrength(), atmosphere, count: count() }),
  widgets: {
    promptTxt: widgets.promptTxt,
    cnStrength: widgets.cnStrength,
    atmosphere: widgets.atmosphere,
    count: widgets.count,
  },
  hosted: {
    dashscope: { recipe: 'description_edit' },
    ark: { recipe: 'edit' },
    prompt: {
      lines: [
        '保持画面内容、构图与空间结构完全不变',
        '提升效果图的色彩、清晰度与光感，像专业后期精修',
        '光线氛围为{atmosphere}',
        '{prompt}',
      ],
    },
  },
});
