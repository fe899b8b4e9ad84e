import { z } from 'zod';
import { defineTool, type Widget } from '../define-tool';
import { input, localized, widgetOptions } from '../params';

const side = (def: number) => z.number().int().min(0).max(8192).default(def);
const sideWidget = (zh: string, en: string): Widget => ({
  kind: 'slider',
  label: localized(`向${zh}扩展（像素）`, `${en} (px)`),
  min: 0,
  max: 2048,
  step: 32,
});

export const extendTool = defineTool({
  id: 'extend',
  family: 'edit',
  routes: ['/extendImg'],
  name: { 'zh-CN': '图片扩展', 'en-US': 'Image extension' },
  description: {
    'zh-CN': '向四周延展画面，补全构图',
    'en-US': 'Extend the canvas outward and complete the scene',
  },
  ticketType: 1,
  price: 1,
  capability: 'extend',
  inputs: [input.upload()],
  // The local engine's extend schema (the engine validates again). A ratio, when chosen, wins
  // over the four sides; the default widens the scene by 256 px left and right.
  params: () =>
    z.object({
      top: side(0),
      right: side(256),
      bottom: side(0),
      left: side(256),
      ratio: z.enum(['1:1', '4:3', '3:4', '3:2', '2:3', '16:9', '9:16', '21:9']).optional(),
    }),
  widgets: {
    ratio: {
      kind: 'select',
      label: localized('扩展到比例', 'Extend to ratio'),
      help: localized('选择后按比例向两侧扩展，忽略下方边距', 'Overrides the sides below'),
      options: widgetOptions([
        ['1:1', '1:1', '1:1'],
        ['4:3', '4:3', '4:3'],
        ['3:4', '3:4', '3:4'],
        ['3:2', '3:2', '3:2'],
        ['2:3', '2:3', '2:3'],
        ['16:9', '16:9', '16:9'],
        ['9:16', '9:16', '9:16'],
        ['21:9', '21:9 超宽', '21:9'],
      ]),
    },
    top: sideWidget('上', 'Top'),
    right: sideWidget('右', 'Right'),
    bottom: sideWidget('下', 'Bottom'),
    left: sideWidget('左', 'Left'),
  },
  hosted: {
    dashscope: { recipe: 'expand' },
    prompt: {
      lines: ['向四周自然延展画面，延续原图的空间、材质与光线'],
    },
  },
});
