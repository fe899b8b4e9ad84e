import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, interiorRender } from '../params';

const set = interiorRender({ space: 'home-space' });

export const styleTransferIndoorTool = defineTool({
  id: 'style-transfer-indoor',
  family: 'edit',
  routes: ['/styleTransferIndoor'],
  name: { 'zh-CN': '室内风格迁移', 'en-US': 'Indoor style transfer' },
  description: {
    'zh-CN': '室内空间一键切换装修风格',
    'en-US': 'Switch an interior to another decoration style',
  },
  ticketType: 1,
  price: 2,
  capability: 'render',
  keepsStructure: true,
  verb: { 'zh-CN': '开始迁移', 'en-US': 'Transfer the style' },
  inputs: [input.upload(), input.style()],
  params: () => z.object(set.shape),
  widgets: set.widgets,
  hosted: {
    ...set.hosted,
    prompt: {
      ...set.hosted.prompt,
      lines: [
        '{keep}',
        '只把装修风格换成{style}，墙面、地面、家具与软装的材质和色彩随风格改变',
        '空间为{space}',
        '光线氛围为{atmosphere}',
        '{prompt}',
      ],
    },
  },
});
