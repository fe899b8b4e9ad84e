import { z } from 'zod';
import { defineTool } from '../define-tool';
import { input, interiorRender } from '../params';

const set = interiorRender({ space: 'home-space' });

export const oldHouseTool = defineTool({
  id: 'old-house',
  family: 'edit',
  routes: ['/oldhouse'],
  name: { 'zh-CN': '旧房改造', 'en-US': 'Old-house renovation' },
  description: {
    'zh-CN': '老房照片一键预览翻新效果',
    'en-US': 'Preview a renovation from a photo of an old home',
  },
  ticketType: 1,
  price: 2,
  capability: 'render',
  keepsStructure: true,
  verb: { 'zh-CN': '开始改造', 'en-US': 'Renovate' },
  inputs: [input.upload(), input.style()],
  params: () => z.object(set.shape),
  widgets: set.widgets,
  hosted: {
    ...set.hosted,
    prompt: {
      ...set.hosted.prompt,
      lines: [
        '{keep}',
        '把这套老房子翻新装修，旧墙面、旧地面和老化的设施换成全新的装修',
        '空间为{space}',
        '装修风格为{style}',
        '光线氛围为{atmosphere}',
        '{prompt}',
      ],
    },
  },
});
