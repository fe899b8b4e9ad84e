import { z } from 'zod';
import { defineTool } from '../define-tool';
import { cnStrength, input, promptTxt, widgets } from '../params';

export const emptyRoomTool = defineTool({
  id: 'empty-room',
  family: 'edit',
  routes: ['/emptyRoom'],
  name: { 'zh-CN': '空间清空', 'en-US': 'Empty room' },
  description: {
    'zh-CN': '一键移除家具，得到干净的空房间',
    'en-US': 'Remove the furniture and get a clean empty room',
  },
  ticketType: 1,
  price: 2,
  capability: 'image-edit',
  inputs: [input.upload()],
  params: z.object({ promptTxt, cnStrength: cnStrength() }),
  widgets: { promptTxt: widgets.promptTxt, cnStrength: widgets.cnStrength },
});
