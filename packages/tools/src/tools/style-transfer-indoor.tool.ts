import { defineTool } from '../define-tool';

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
});
