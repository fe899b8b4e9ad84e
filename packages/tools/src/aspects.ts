/**
 * Picture shapes of the text-to-image tools and the pixel size each asks the model for: SDXL's
 * trained buckets (about one megapixel, sides in multiples of 64), so no shape is a stretched
 * square. The ComfyUI binding (text-to-image.binding.json) maps `aspectRatio` to these sizes and a
 * server test keeps the two equal; the page shows the size under each ratio chip.
 */
export const imageAspects = {
  '1:1': { width: 1024, height: 1024 },
  '4:3': { width: 1152, height: 896 },
  '3:4': { width: 896, height: 1152 },
  '3:2': { width: 1216, height: 832 },
  '2:3': { width: 832, height: 1216 },
  '16:9': { width: 1344, height: 768 },
  '9:16': { width: 768, height: 1344 },
  '21:9': { width: 1536, height: 640 },
} as const;
export type ImageAspect = keyof typeof imageAspects;

/** The pixel size of a ratio; an unknown ratio (an old saved value) gets the square. */
export const aspectSize = (ratio: unknown): { width: number; height: number } =>
  imageAspects[ratio as ImageAspect] ?? imageAspects['1:1'];
