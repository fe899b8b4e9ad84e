import { z } from 'zod';
import { defineTool } from '../define-tool';
import { renderServe } from '../hosted';
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
    'zh-CN': '把 2:1 全景白模渲染成效果图，或上传已有全景 360° 漫游',
    'en-US': 'Render a 2:1 panorama base, or view an existing panorama in 360°',
  },
  ticketType: 1,
  price: 2,
  capability: 'render',
  keepsStructure: true,
  verb: { 'zh-CN': '生成全景', 'en-US': 'Make the panorama' },
  // The base is a 2:1 panorama (a clay render or line drawing exported from the 3D model); the
  // render keeps its aspect, so the result wraps around the viewer's sphere. Viewing an existing
  // panorama is free and needs no run (see the page's viewer card).
  inputs: [
    {
      name: 'upload_img',
      required: true,
      label: { 'zh-CN': '全景底图（2:1）', 'en-US': 'Panorama base (2:1)' },
    },
    input.style(),
  ],
  params: () =>
    z.object({
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
  hosted: {
    ...renderServe,
    prompt: {
      lines: [
        '这是一张 2:1 等距柱状投影的全景白模：保持全景投影、空间结构、门窗与家具位置不变，画面左右两端无缝衔接',
        '渲染成照片级的室内全景效果图',
        '装修风格为{style}',
        '光线氛围为{atmosphere}',
        '{prompt}',
      ],
    },
  },
});
