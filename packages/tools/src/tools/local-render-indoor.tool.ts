import { z } from 'zod';
import { defineTool } from '../define-tool';
import {
  categoryPick,
  cnStrength,
  count,
  input,
  interiorStyle,
  ipaPlus,
  promptTxt,
  widgets,
} from '../params';

export const localRenderIndoorTool = defineTool({
  id: 'local-render-indoor',
  family: 'render',
  routes: ['/localRenderingProIndoor'],
  name: { 'zh-CN': '局部渲染 Pro · 室内', 'en-US': 'Local render Pro · indoor' },
  description: {
    'zh-CN': '室内软装、材质的高精度局部重绘',
    'en-US': 'Precise local redraw for interiors',
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
      style: categoryPick(interiorStyle),
      space: categoryPick(),
      ipaPlus,
      count: count(),
    }),
  widgets: {
    promptTxt: widgets.promptTxt,
    cnStrength: widgets.cnStrength,
    style: widgets.interiorStyle,
    space: widgets.homeSpace,
    ipaPlus: widgets.ipaPlus,
    count: widgets.count,
  },
  badge: 'pro',
  hosted: {
    dashscope: { recipe: 'description_edit_with_mask' },
    prompt: {
      lines: [
        '只重绘涂抹区域的软装与材质',
        '空间为{space}',
        '风格为{style}',
        '{prompt}',
        '涂抹区域之外的内容、空间结构与透视保持不变',
      ],
    },
  },
});
