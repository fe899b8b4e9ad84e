import { defineTool } from '../define-tool';

export const panoramaTool = defineTool({
  id: 'panorama',
  family: 'edit',
  routes: ['/panorama'],
  name: { 'zh-CN': '全景图', 'en-US': 'Panorama' },
  description: {
    'zh-CN': '生成或上传 720° 全景并在线漫游',
    'en-US': 'Create or upload a 360° panorama and walk through it',
  },
  ticketType: 1,
});
