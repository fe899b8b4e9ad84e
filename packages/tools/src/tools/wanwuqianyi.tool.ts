import { z } from 'zod';
import { defineTool } from '../define-tool';
import { count, input, localized, promptTxt, widgetOptions, widgets } from '../params';

/** Where the object goes, as a 3 × 3 grid of the scene (English values read well in a prompt). */
export const placements = [
  ['top-left', '左上', 'Top left'],
  ['top', '上方', 'Top'],
  ['top-right', '右上', 'Top right'],
  ['left', '左侧', 'Left'],
  ['center', '中间', 'Centre'],
  ['right', '右侧', 'Right'],
  ['bottom-left', '左下', 'Bottom left'],
  ['bottom', '下方', 'Bottom'],
  ['bottom-right', '右下', 'Bottom right'],
] as const;

export const wanwuqianyiTool = defineTool({
  id: 'wanwuqianyi',
  family: 'render',
  routes: ['/wanwuqianyi'],
  name: { 'zh-CN': '万物迁移', 'en-US': 'Place anything' },
  description: {
    'zh-CN': '把一件物品自然地放进你的场景',
    'en-US': 'Place an object naturally into your scene',
  },
  ticketType: 1,
  price: 2,
  capability: 'image-edit',
  verb: { 'zh-CN': '开始迁移', 'en-US': 'Place it' },
  inputs: [
    input.upload(),
    { name: 'object_img', required: true, label: { 'zh-CN': '物品图', 'en-US': 'Object image' } },
  ],
  // Its own ComfyUI template (workflows/wanwuqianyi.*) references both pictures; placement and
  // size are written into the instruction. Instruction editing has no structure knob.
  params: () =>
    z.object({
      promptTxt,
      placement: z.enum(placements.map(([v]) => v) as [string, ...string[]]).default('bottom'),
      objectScale: z.enum(['small', 'medium', 'large']).default('medium'),
      count: count(),
    }),
  widgets: {
    placement: {
      kind: 'select',
      label: localized('摆放位置', 'Position'),
      help: localized('物品在画面中的大致位置', 'Roughly where the object goes'),
      options: widgetOptions(placements),
    },
    objectScale: {
      kind: 'segmented',
      label: localized('物品大小', 'Object size'),
      options: widgetOptions([
        ['small', '小', 'Small'],
        ['medium', '中', 'Medium'],
        ['large', '大', 'Large'],
      ]),
    },
    promptTxt: {
      ...widgets.promptTxt,
      help: {
        'zh-CN': '补充说明，例如：单椅朝向沙发，落在地毯上',
        'en-US': 'Anything else, e.g. the chair faces the sofa',
      },
    },
    count: widgets.count,
  },
  badge: 'new',
  hosted: {
    ark: { recipe: 'edit' },
    prompt: {
      lines: [
        '把第二张图中的物品自然地放进第一张图的场景里',
        '透视、光照与阴影和场景一致',
        '{prompt}',
        '场景其余部分保持不变',
      ],
    },
  },
});
