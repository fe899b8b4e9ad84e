import { z } from 'zod';
import { defineTool } from '../define-tool';
import { cnStrength, count, input, localized, promptTxt, widgets } from '../params';

export const materialChangeTool = defineTool({
  id: 'material-change',
  family: 'edit',
  routes: ['/materialchange', '/materialChange'],
  name: { 'zh-CN': '材质替换', 'en-US': 'Material change' },
  description: {
    'zh-CN': '选中区域，从材质库替换地板、墙面、石材',
    'en-US': 'Swap floors, walls and stone from the material library',
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
      /** A material id of getAllSuCai; empty replaces by the prompt or the reference image. */
      material: z.string().trim().max(64).default(''),
      count: count(),
    }),
  widgets: {
    material: {
      kind: 'material-picker',
      label: localized('替换材质', 'Material'),
      help: localized(
        '从材质库选择地板、墙面、石材等；不选则按描述词或参考图替换',
        'Pick from the library, or describe the material',
      ),
    },
    promptTxt: widgets.promptTxt,
    cnStrength: widgets.cnStrength,
    count: widgets.count,
  },
  hosted: {
    dashscope: { recipe: 'description_edit_with_mask' },
    prompt: {
      lines: [
        '把涂抹区域的材质替换为{material}',
        '{prompt}',
        '保持该区域的形状、透视与光影关系，涂抹区域之外不变',
      ],
    },
  },
});
