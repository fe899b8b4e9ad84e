import { z } from 'zod';
import { defineTool } from '../define-tool';
import { cnStrength, input, promptTxt, widgets } from '../params';

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
  inputs: [input.upload(), input.mask(), input.style()],
  params: z.object({ promptTxt, cnStrength: cnStrength() }),
  widgets: { promptTxt: widgets.promptTxt, cnStrength: widgets.cnStrength },
});
