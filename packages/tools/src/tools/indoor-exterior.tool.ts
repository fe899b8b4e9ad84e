import { z } from 'zod';
import { defineTool } from '../define-tool';
import { CN_STRENGTH_INDOOR_EXTERIOR, cnStrength, input, promptTxt, widgets } from '../params';

export const indoorExteriorTool = defineTool({
  id: 'indoor-exterior',
  family: 'render',
  routes: ['/indoorExterior'],
  name: { 'zh-CN': '室内外景', 'en-US': 'Window views' },
  description: {
    'zh-CN': '为室内效果图生成自然的窗外景色',
    'en-US': 'Natural views outside the windows of an interior',
  },
  ticketType: 1,
  price: 2,
  capability: 'render',
  inputs: [input.upload(), input.style()],
  params: z.object({ promptTxt, cnStrength: cnStrength(CN_STRENGTH_INDOOR_EXTERIOR) }),
  widgets: { promptTxt: widgets.promptTxt, cnStrength: widgets.cnStrength },
});
