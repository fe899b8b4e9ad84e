import { z } from 'zod';
import { defineTool } from '../define-tool';
import { cnStrength, input, promptTxt, widgets } from '../params';

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
  params: z.object({ promptTxt, cnStrength: cnStrength() }),
  widgets: { promptTxt: widgets.promptTxt, cnStrength: widgets.cnStrength },
});
