import { z } from 'zod';
import { defineTool } from '../define-tool';
import { catalogDefaults } from '@huijing/contracts';
import {
  atmosphere,
  categoryPick,
  cnStrength,
  count,
  input,
  ipaPlus,
  localized,
  promptTxt,
  widgets,
} from '../params';

export const studioOutdoorTool = defineTool({
  id: 'studio-outdoor',
  family: 'render',
  routes: ['/outdoorShedShot'],
  name: { 'zh-CN': '室外棚拍', 'en-US': 'Outdoor studio shot' },
  description: {
    'zh-CN': '户外产品与小品的场景展示图',
    'en-US': 'Scene shots of outdoor products and features',
  },
  ticketType: 1,
  price: 2,
  capability: 'render',
  inputs: [input.upload(), input.style()],
  params: () =>
    z.object({
      promptTxt,
      cnStrength: cnStrength(),
      style: categoryPick(catalogDefaults.outdoorScene),
      atmosphere,
      ipaPlus,
      count: count(),
    }),
  widgets: {
    promptTxt: widgets.promptTxt,
    cnStrength: widgets.cnStrength,
    style: {
      kind: 'style-picker',
      catalog: 'outdoor-scene',
      label: localized('户外场景', 'Outdoor scene'),
    },
    atmosphere: widgets.atmosphere,
    ipaPlus: widgets.ipaPlus,
    count: widgets.count,
  },
  hosted: {
    dashscope: { recipe: 'description_edit' },
    ark: { recipe: 'edit' },
    prompt: {
      lines: [
        '保持产品本身的造型、比例、材质与细节不变',
        '把产品放进真实的户外场景中展示',
        '场景为{style}',
        '光线氛围为{atmosphere}',
        '{prompt}',
      ],
    },
  },
});
