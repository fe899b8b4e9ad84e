import { z } from 'zod';
import { defineTool } from '../define-tool';
import { catalogDefaults } from '@huijing/contracts';
import {
  categoryPick,
  cnStrength,
  count,
  input,
  ipaPlus,
  localized,
  promptTxt,
  widgets,
} from '../params';

export const studioIndoorTool = defineTool({
  id: 'studio-indoor',
  family: 'render',
  routes: ['/indoorShedShot'],
  name: { 'zh-CN': '室内棚拍', 'en-US': 'Indoor studio shot' },
  description: {
    'zh-CN': '家具软装产品的棚拍级展示图',
    'en-US': 'Studio-quality shots of furniture and decor',
  },
  ticketType: 1,
  price: 2,
  capability: 'render',
  inputs: [input.upload(), input.style()],
  params: () =>
    z.object({
      promptTxt,
      cnStrength: cnStrength(),
      style: categoryPick(catalogDefaults.studioBackdrop),
      ipaPlus,
      count: count(),
    }),
  widgets: {
    promptTxt: widgets.promptTxt,
    cnStrength: widgets.cnStrength,
    style: {
      kind: 'style-picker',
      catalog: 'studio-backdrop',
      label: localized('棚拍背景', 'Backdrop'),
    },
    ipaPlus: widgets.ipaPlus,
    count: widgets.count,
  },
  hosted: {
    dashscope: { recipe: 'description_edit' },
    ark: { recipe: 'edit' },
    prompt: {
      lines: [
        '保持产品本身的造型、比例、材质与细节不变',
        '生成棚拍级的家具软装产品展示图',
        '背景为{style}',
        '布光柔和，阴影自然',
        '{prompt}',
      ],
    },
  },
});
