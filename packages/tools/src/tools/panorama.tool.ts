import { z } from 'zod';
import { defineTool } from '../define-tool';
import {
  atmosphere,
  categoryPick,
  cnStrength,
  input,
  interiorStyle,
  promptTxt,
  widgets,
} from '../params';

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
  price: 2,
  capability: 'render',
  inputs: [input.upload(), input.style()],
  params: z.object({
    promptTxt,
    cnStrength: cnStrength(),
    style: categoryPick(interiorStyle),
    atmosphere,
  }),
  widgets: {
    promptTxt: widgets.promptTxt,
    cnStrength: widgets.cnStrength,
    style: widgets.interiorStyle,
    atmosphere: widgets.atmosphere,
  },
});
