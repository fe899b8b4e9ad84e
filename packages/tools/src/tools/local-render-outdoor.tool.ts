import { z } from 'zod';
import { defineTool } from '../define-tool';
import {
  architectureStyle,
  atmosphere,
  categoryPick,
  cnStrength,
  count,
  environment,
  input,
  ipaPlus,
  promptTxt,
  widgets,
} from '../params';

export const localRenderOutdoorTool = defineTool({
  id: 'local-render-outdoor',
  family: 'render',
  routes: ['/localRenderingPro'],
  name: { 'zh-CN': '局部渲染 Pro · 室外', 'en-US': 'Local render Pro · outdoor' },
  description: {
    'zh-CN': '建筑与景观的高精度局部重绘',
    'en-US': 'Precise local redraw for architecture and landscape',
  },
  ticketType: 1,
  price: 3,
  capability: 'render-masked',
  keepsStructure: true,
  inputs: [input.upload(), input.mask(), input.style()],
  params: () =>
    z.object({
      promptTxt,
      cnStrength: cnStrength(),
      style: categoryPick(architectureStyle),
      atmosphere,
      environment,
      ipaPlus,
      count: count(),
    }),
  widgets: {
    promptTxt: widgets.promptTxt,
    cnStrength: widgets.cnStrength,
    style: widgets.architectureStyle,
    atmosphere: widgets.atmosphere,
    environment: widgets.environment,
    ipaPlus: widgets.ipaPlus,
    count: widgets.count,
  },
  badge: 'pro',
  hosted: {
    dashscope: { recipe: 'description_edit_with_mask' },
    prompt: {
      lines: [
        '只重绘涂抹区域的建筑或景观局部',
        '风格为{style}',
        '周边环境为{environment}',
        '光线氛围为{atmosphere}',
        '{prompt}',
        '涂抹区域之外的内容、空间结构与透视保持不变',
      ],
    },
  },
});
