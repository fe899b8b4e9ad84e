import { z } from 'zod';
import { defineTool } from '../define-tool';
import {
  atmosphere,
  cnStrength,
  count,
  environment,
  input,
  ipaPlus,
  promptTxt,
  widgets,
} from '../params';

export const backgroundChangeTool = defineTool({
  id: 'background-change',
  family: 'edit',
  routes: ['/backgroundchange'],
  name: { 'zh-CN': '背景替换', 'en-US': 'Background change' },
  description: {
    'zh-CN': '保留主体，替换天空与环境背景',
    'en-US': 'Keep the subject, replace the sky and surroundings',
  },
  ticketType: 1,
  price: 2,
  capability: 'render-masked',
  keepsStructure: true,
  verb: { 'zh-CN': '开始替换', 'en-US': 'Replace' },
  inputs: [input.upload(), input.mask(), input.style()],
  params: () =>
    z.object({
      promptTxt,
      cnStrength: cnStrength(),
      environment,
      atmosphere,
      ipaPlus,
      count: count(),
    }),
  widgets: {
    promptTxt: widgets.promptTxt,
    cnStrength: widgets.cnStrength,
    environment: {
      ...widgets.environment,
      label: { 'zh-CN': '新背景', 'en-US': 'New background' },
    },
    atmosphere: widgets.atmosphere,
    ipaPlus: widgets.ipaPlus,
    count: widgets.count,
  },
  hosted: {
    dashscope: { recipe: 'description_edit_with_mask' },
    prompt: {
      lines: [
        '只替换涂抹区域内的天空与环境背景，主体的轮廓、透视与门窗保持不变',
        '新背景为{environment}',
        '光线氛围为{atmosphere}',
        '{prompt}',
      ],
    },
  },
});
