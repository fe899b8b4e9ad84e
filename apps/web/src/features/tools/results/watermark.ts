/** Where and how large the download watermark sits on an image of the given size. */
export interface WatermarkLayout {
  fontSize: number;
  /** The text's right edge and baseline-bottom, in image pixels. */
  x: number;
  y: number;
  shadowBlur: number;
}

/**
 * A quiet mark in the bottom-right corner: about 3.2 % of the shorter side (readable on a
 * phone, small on a 4K render), never smaller than 12 px, and inset by most of its height.
 */
export const watermarkLayout = (width: number, height: number): WatermarkLayout => {
  const fontSize = Math.max(12, Math.round(Math.min(width, height) * 0.032));
  const margin = Math.round(fontSize * 0.8);
  return {
    fontSize,
    x: width - margin,
    y: height - margin,
    shadowBlur: Math.max(2, Math.round(fontSize * 0.25)),
  };
};

/** What drawWatermark needs of a 2D context (a canvas or an OffscreenCanvas one). */
export type WatermarkContext = Pick<
  CanvasRenderingContext2D,
  | 'save'
  | 'restore'
  | 'fillText'
  | 'font'
  | 'fillStyle'
  | 'textAlign'
  | 'textBaseline'
  | 'shadowColor'
  | 'shadowBlur'
  | 'shadowOffsetY'
>;

/** Light text with a soft dark shadow: legible on bright interiors and on night renders. */
export const drawWatermark = (
  ctx: WatermarkContext,
  width: number,
  height: number,
  text: string,
): WatermarkLayout => {
  const layout = watermarkLayout(width, height);
  ctx.save();
  ctx.font = `600 ${layout.fontSize}px "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif`;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  ctx.shadowColor = 'rgba(15, 23, 42, 0.55)';
  ctx.shadowBlur = layout.shadowBlur;
  ctx.shadowOffsetY = 1;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.86)';
  ctx.fillText(text, layout.x, layout.y);
  ctx.restore();
  return layout;
};
