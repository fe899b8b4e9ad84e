import { z } from 'zod';
import { defineTool } from '../define-tool';
import { cnStrength, count, input, ipaPlus, promptTxt, widgets } from '../params';

export const localRenderTool = defineTool({
  id: 'local-render',
  family: 'render',
  routes: ['/lama'],
  name: { 'zh-CN': '局部渲染', 'en-US': 'Local render' },
  description: {
    'zh-CN': '涂抹需要修改的区域，只重绘选中部分',
    'en-US': 'Paint a region and redraw only that part',
  },
  ticketType: 1,
  price: 2,
  capability: 'render-masked',
  keepsStructure: true,
  inputs: [input.upload(), input.mask(), input.style()],
  params: () => z.object({ promptTxt, cnStrength: cnStrength(), ipaPlus, count: count() }),
  widgets: {
    promptTxt: {
      ...widgets.promptTxt,
      help: {
        'zh-CN': '描述涂抹区域要变成什么，例如：换成绿植墙',
        'en-US': 'Say what the painted area should become',
      },
    },
    cnStrength: widgets.cnStrength,
    ipaPlus: widgets.ipaPlus,
    count: widgets.count,
  },
  hosted: {
    dashscope: { recipe: 'description_edit_with_mask' },
    prompt: {
      lines: ['只重绘涂抹区域', '{prompt}', '涂抹区域之外的内容、空间结构与透视保持不变'],
    },
  },
});
