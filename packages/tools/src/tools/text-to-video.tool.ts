import { z } from 'zod';
import { defineTool } from '../define-tool';
import { localized, requiredPrompt, widgetOptions, widgets } from '../params';

export const textToVideoTool = defineTool({
  id: 'text-to-video',
  family: 'generate',
  routes: ['/text2Video'],
  name: { 'zh-CN': '文生视频', 'en-US': 'Text to video' },
  description: {
    'zh-CN': '用文字生成空间漫游短视频',
    'en-US': 'Short walkthrough videos from text',
  },
  ticketType: 4,
  price: 1,
  capability: 'text-to-video',
  inputs: [],
  params: () =>
    z.object({
      promptTxt: requiredPrompt('现代简约客厅，镜头缓慢推进，午后自然光'),
      duration: z.union([z.literal(5), z.literal(10)]).default(5),
      aspectRatio: z.enum(['16:9', '9:16', '1:1']).default('16:9'),
      // No resolution choice: the ComfyUI template fixes it (the built-in Wan 2.1 1.3B renders
      // 480p; an operator's template may render more), so a 1080p switch would promise nothing.
    }),
  widgets: {
    promptTxt: {
      ...widgets.requiredPrompt,
      help: localized(
        '描述空间与镜头，例如：新中式庭院，镜头沿廊道缓慢前行',
        'Describe the space and the camera',
      ),
    },
    duration: {
      kind: 'segmented',
      label: localized('时长', 'Duration'),
      options: widgetOptions([
        [5, '5 秒', '5 s'],
        [10, '10 秒', '10 s'],
      ]),
    },
    aspectRatio: {
      kind: 'segmented',
      label: localized('画面比例', 'Aspect ratio'),
      options: widgetOptions([
        ['16:9', '16:9 横屏', '16:9 Landscape'],
        ['9:16', '9:16 竖屏', '9:16 Portrait'],
        ['1:1', '1:1 方形', '1:1 Square'],
      ]),
    },
  },
  badge: 'new',
  hosted: {
    dashscope: { recipe: 'text_to_video' },
    ark: { recipe: 'text_to_video' },
    prompt: {
      lines: ['{prompt}', '空间漫游镜头，运镜平稳'],
    },
  },
});
