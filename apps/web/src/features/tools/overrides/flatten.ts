/** #rrggbb → [r, g, b]; undefined for anything else. */
export const parseHex = (hex: string): [number, number, number] | undefined => {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  return m ? [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)] : undefined;
};

/**
 * Composites RGBA pixels over a flat colour in place ("source over", straight alpha as canvas
 * ImageData holds it), leaving every pixel opaque: what the engine's `bgColor` would have done,
 * done in the browser so changing the background costs no run.
 */
export const flattenPixels = (data: Uint8ClampedArray, background: [number, number, number]) => {
  const [r, g, b] = background;
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3]! / 255;
    data[i] = data[i]! * a + r * (1 - a);
    data[i + 1] = data[i + 1]! * a + g * (1 - a);
    data[i + 2] = data[i + 2]! * a + b * (1 - a);
    data[i + 3] = 255;
  }
  return data;
};

/** Background choices offered for a cut-out; `transparent` keeps the PNG as the engine made it. */
export const mattingBackgrounds = [
  { id: 'transparent', color: null },
  { id: 'white', color: '#ffffff' },
  { id: 'paper', color: '#f4f1ea' },
  { id: 'grey', color: '#d9dce1' },
  { id: 'black', color: '#111111' },
  { id: 'blue', color: '#2f6fde' },
] as const;
