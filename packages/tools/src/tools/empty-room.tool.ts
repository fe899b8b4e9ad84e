import { defineTool } from '../define-tool';

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
});
