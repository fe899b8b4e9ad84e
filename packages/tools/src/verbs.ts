import type { Capability } from './capabilities';
import type { Localized, ToolDefinition } from './define-tool';

const verb = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

/**
 * The start button's words by what the tool does (开始压缩, 开始放大, 开始渲染 — a verb
 * per tool, not one 开始生成 for all). A tool whose capability says too little about what it does
 * for the designer (an edit tool served by the render capability) names its own `verb`.
 */
export const capabilityVerbs: Record<Capability, Localized> = {
  compress: verb('开始压缩', 'Compress'),
  upscale: verb('开始放大', 'Upscale'),
  'ai-upscale': verb('开始放大', 'Upscale'),
  'to-line': verb('开始转线稿', 'Convert to line art'),
  'color-flat-plan': verb('开始上色', 'Colour the plan'),
  inpaint: verb('开始消除', 'Remove'),
  extend: verb('开始扩展', 'Extend'),
  'color-transfer': verb('开始迁移', 'Transfer'),
  'color-grade': verb('开始转换', 'Change the mood'),
  matting: verb('开始抠图', 'Cut out'),
  'click-segment': verb('开始抠图', 'Cut out'),
  'video-camera-move': verb('生成视频', 'Make the video'),
  'video-first-last': verb('生成视频', 'Make the video'),
  'video-multi-image': verb('生成视频', 'Make the video'),
  'text-to-video': verb('生成视频', 'Make the video'),
  'image-to-video': verb('生成视频', 'Make the video'),
  render: verb('开始渲染', 'Render'),
  'render-masked': verb('开始渲染', 'Render'),
  'text-to-image': verb('开始生成', 'Generate'),
  'image-edit': verb('开始生成', 'Generate'),
  'face-restore': verb('开始修复', 'Restore'),
};

/** The start button's words for one tool: its own verb, else its capability's. */
export const toolVerb = (tool: Pick<ToolDefinition, 'capability' | 'verb'>): Localized =>
  tool.verb ?? capabilityVerbs[tool.capability];
