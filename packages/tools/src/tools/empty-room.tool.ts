import { z } from 'zod';
import { defineTool } from '../define-tool';
import { count, input, promptTxt, widgets } from '../params';

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
  keepsStructure: true,
  verb: { 'zh-CN': '开始清空', 'en-US': 'Empty the room' },
  inputs: [input.upload()],
  // Its own ComfyUI template (workflows/empty-room.*): the instruction to clear the room is
  // built in, the prompt only adds what to keep. Instruction editing has no structure knob.
  params: () => z.object({ promptTxt, count: count() }),
  widgets: {
    promptTxt: {
      ...widgets.promptTxt,
      help: {
        'zh-CN': '可补充要保留的内容，例如：保留窗帘和吊灯',
        'en-US': 'Optionally name what to keep',
      },
    },
    count: widgets.count,
  },
  hosted: {
    dashscope: { recipe: 'description_edit' },
    ark: { recipe: 'edit' },
    prompt: {
      lines: [
        '移除房间内所有家具、软装和杂物，得到干净的空房间',
        '墙体、地面、天花与门窗的位置和透视保持不变',
        '{prompt}',
      ],
    },
  },
});
