import { z } from 'zod';
import type { ToolInput, Widget } from './define-tool';

/**
 * Building blocks shared by tool definitions, named as in spec §3 (cnStrength, promptTxt, …).
 * Tools compose these; a tool that truly differs declares its own.
 */
export const CN_STRENGTH_DEFAULT = 0.75;
export const CN_STRENGTH_INDOOR_EXTERIOR = 0.7;

export const promptTxt = z.string().trim().max(1000).default('');
export const cnStrength = (def = CN_STRENGTH_DEFAULT) => z.number().min(0).max(1).default(def);

export const widgets = {
  promptTxt: {
    kind: 'prompt',
    label: { 'zh-CN': '描述词', 'en-US': 'Prompt' },
    help: {
      'zh-CN': '用中文描述想要的效果，例如：奶油风客厅，暖色灯光',
      'en-US': 'Describe the result you want',
    },
  },
  cnStrength: {
    kind: 'slider',
    label: { 'zh-CN': '结构还原度', 'en-US': 'Structure strength' },
    help: {
      'zh-CN': '越高越忠于原图的结构与透视',
      'en-US': 'Higher keeps more of the original structure',
    },
    min: 0,
    max: 1,
    step: 0.05,
  },
} satisfies Record<string, Widget>;

export const input = {
  upload: (required = true): ToolInput => ({
    name: 'upload_img',
    required,
    label: { 'zh-CN': '原图', 'en-US': 'Image' },
  }),
  style: (required = false): ToolInput => ({
    name: 'style_img',
    required,
    label: { 'zh-CN': '参考图', 'en-US': 'Reference image' },
  }),
  mask: (required = true): ToolInput => ({
    name: 'mask',
    required,
    label: { 'zh-CN': '选区', 'en-US': 'Mask' },
  }),
};
