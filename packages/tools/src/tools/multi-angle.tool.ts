import { z } from 'zod';
import { defineTool } from '../define-tool';
import { cnStrength, count, input, localized, promptTxt, widgets } from '../params';

export const multiAngleTool = defineTool({
  id: 'multi-angle',
  family: 'render',
  routes: ['/multiAngleRender'],
  name: { 'zh-CN': '多角度渲染', 'en-US': 'Multi-angle render' },
  description: {
    'zh-CN': '一张图生成同一空间的多个视角',
    'en-US': 'Several viewpoints of one space from one image',
  },
  ticketType: 1,
  price: 2,
  capability: 'render',
  inputs: [input.upload(), input.style()],
  params: () =>
    z.object({
      promptTxt,
      cnStrength: cnStrength(),
      // Where the virtual camera goes; "auto" spreads the pictures over several angles (`spread`).
      view: z
        .enum(['auto', 'orbit-left', 'orbit-right', 'wide', 'top-down', 'close-up'])
        .default('auto'),
      count: count(4),
    }),
  widgets: {
    promptTxt: widgets.promptTxt,
    cnStrength: widgets.cnStrength,
    view: {
      kind: 'select',
      label: localized('新视角', 'New angle'),
      // In this order the pictures of an "auto" run spread: two sides, then stepping back, then
      // from above (the default four), the close-up fifth; each with words an image model reads.
      options: [
        { value: 'auto', label: localized('自动多角度', 'Several angles') },
        {
          value: 'orbit-left',
          label: localized('向左环绕', 'Orbit left'),
          prompt: 'camera orbited to the left of the space, three-quarter view from the left side',
        },
        {
          value: 'orbit-right',
          label: localized('向右环绕', 'Orbit right'),
          prompt:
            'camera orbited to the right of the space, three-quarter view from the right side',
        },
        {
          value: 'wide',
          label: localized('拉远全景', 'Wide'),
          prompt: 'camera pulled back, wide-angle shot showing the whole space',
        },
        {
          value: 'top-down',
          label: localized('俯视', 'Top-down'),
          prompt: "high-angle view looking down from above, bird's-eye view of the space",
        },
        {
          value: 'close-up',
          label: localized('局部特写', 'Close-up'),
          prompt: 'close-up detail shot, materials and textures in sharp focus',
        },
      ],
    },
    count: widgets.count,
  },
  spread: 'view',
  badge: 'new',
  hosted: {
    dashscope: { recipe: 'description_edit' },
    ark: { recipe: 'edit' },
    prompt: {
      lines: [
        '保持同一空间的墙体、门窗、家具款式与布局以及装修风格和材质不变',
        '换一个机位重新表现这个空间：{view}',
        '透视随新机位自然变化',
        '{prompt}',
      ],
    },
  },
});
