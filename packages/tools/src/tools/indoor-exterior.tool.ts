import { z } from 'zod';
import { defineTool } from '../define-tool';
import {
  atmosphere,
  CN_STRENGTH_INDOOR_EXTERIOR,
  categoryPick,
  cnStrength,
  count,
  ignoreWordAndImage,
  input,
  ipaPlus,
  lock,
  promptTxt,
  widgets,
  windowView,
} from '../params';

export const indoorExteriorTool = defineTool({
  id: 'indoor-exterior',
  family: 'render',
  routes: ['/indoorExterior'],
  name: { 'zh-CN': '室内外景', 'en-US': 'Window views' },
  description: {
    'zh-CN': '为室内效果图生成自然的窗外景色',
    'en-US': 'Natural views outside the windows of an interior',
  },
  ticketType: 1,
  price: 2,
  capability: 'render',
  keepsStructure: true,
  inputs: [input.upload(), input.style()],
  params: () =>
    z.object({
      promptTxt,
      cnStrength: cnStrength(CN_STRENGTH_INDOOR_EXTERIOR),
      // Spec §9: the page takes its default from getAllClassify group 6 (window views) at load;
      // this is the seeded first view, so a run without the catalogue is still valid.
      environment: categoryPick(windowView),
      atmosphere,
      ipaPlus,
      // The room itself must not change, only what is seen through the windows.
      lock: lock(true),
      ignoreWordAndImage,
      count: count(),
    }),
  widgets: {
    promptTxt: widgets.promptTxt,
    cnStrength: widgets.cnStrength,
    environment: {
      kind: 'style-picker',
      catalog: 'window-view',
      label: { 'zh-CN': '窗外景色', 'en-US': 'Window view' },
      help: {
        'zh-CN': '城市天际线、江景、山景、园林…',
        'en-US': 'Skyline, river, mountains, garden…',
      },
    },
    atmosphere: widgets.atmosphere,
    ipaPlus: widgets.ipaPlus,
    lock: widgets.lock,
    ignoreWordAndImage: widgets.ignoreWordAndImage,
    count: widgets.count,
  },
  hosted: {
    dashscope: { recipe: 'render' },
    ark: { recipe: 'render' },
    prompt: {
      lines: [
        '保持室内的空间结构、透视、门窗、家具与陈设完全不变，只替换窗户外看到的景色',
        '窗外景色为{environment}',
        '光线氛围为{atmosphere}',
        '{prompt}',
      ],
    },
  },
});
