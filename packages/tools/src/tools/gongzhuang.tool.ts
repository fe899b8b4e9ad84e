import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, interiorRender } from '../params';

const set = interiorRender({ space: 'commercial-space' });

export const gongzhuangTool = defineTool({
  id: 'gongzhuang',
  family: 'render',
  routes: ['/gongzhuangRenderNew', '/gongzhuangRender'],
  name: { 'zh-CN': '工装渲染', 'en-US': 'Commercial interior render' },
  description: {
    'zh-CN': '办公、餐饮、酒店、展厅等商业空间效果图',
    'en-US': 'Offices, restaurants, hotels and showrooms',
  },
  ticketType: 1,
  price: 2,
  capability: 'render',
  keepsStructure: true,
  inputs: [input.upload(), input.style()],
  params: () => z.object(set.shape),
  widgets: set.widgets,
  hosted: set.hosted,
});
