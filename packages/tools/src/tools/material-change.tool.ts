import { defineTool } from '../define-tool';

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
});
