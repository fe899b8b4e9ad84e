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

/**
 * Widths (px) GET /api/ai/samples/file/:name?w= scales an example picture down to (WebP, the
 * shorter side at least `w`): the tool cards show 48–96 px pictures, which the 640 px original
 * would fill ten times over.
 */
export const SAMPLE_THUMB_WIDTHS = [96, 144, 192, 288] as const;

/**
 * The URL of an example picture (`SamplePicture.url`, which carries its version) scaled for a
 * box `cssWidth` px wide at `density` device pixels per CSS pixel: the smallest listed width
 * that covers it, or the original when none does.
 */
export const sampleThumbUrl = (url: string, cssWidth: number, density = 1): string => {
  const w = SAMPLE_THUMB_WIDTHS.find((n) => n >= cssWidth * density);
  return w === undefined ? url : `${url}${url.includes('?') ? '&' : '?'}w=${w}`;
};

/** `src` and a 1×/2× `srcSet` of an example picture shown in a box `cssWidth` px wide. */
export const sampleImageSources = (url: string, cssWidth: number) => ({
  src: sampleThumbUrl(url, cssWidth),
  srcSet: `${sampleThumbUrl(url, cssWidth)} 1x, ${sampleThumbUrl(url, cssWidth, 2)} 2x`,
});
