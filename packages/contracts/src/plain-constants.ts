// Plain constants in a file without zod: the web's first load uses them and so loads no schema
// code (a module with schemas is kept whole once anything of it is used).

/** Spec §3: ticket kinds 1 general, 2 live, 3 gpt, 4 video. */
export const ticketTypes = [1, 2, 3, 4] as const;

export const ticketTypeNames = {
  1: { 'zh-CN': '通用次数', 'en-US': 'General' },
  2: { 'zh-CN': '实时渲染次数', 'en-US': 'Live render' },
  3: { 'zh-CN': 'AI 助手次数', 'en-US': 'Assistant' },
  4: { 'zh-CN': '视频次数', 'en-US': 'Video' },
} as const;

/** The notice of spec §5 when an upload's `resized` is true. */
export const IMAGE_RESIZED_NOTICE = '图片尺寸过大，已自动压缩';
