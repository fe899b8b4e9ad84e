import type { SwatchPattern } from '@huijing/contracts';

/**
 * Small SVG pictures of a material's surface, drawn from its colour and pattern: wood grain,
 * marble veins, a tile grid with grout, a woven thread… Generated (never fetched) so the library
 * works offline and an admin's new material gets a swatch from two fields. Deterministic per
 * seed (the material id), so a swatch, and the catalogue's ETag, never change between builds.
 */

const SIZE = 64;

/** mulberry32: tiny, fast and good enough for scattering grains and veins. */
const prng = (seedText: string) => {
  let seed = 2166136261;
  for (let i = 0; i < seedText.length; i += 1)
    seed = Math.imul(seed ^ seedText.charCodeAt(i), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
};

const rgb = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
];
const toHex = (c: number[]) =>
  `#${c
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
/** Towards white (amount > 0) or black (amount < 0). */
const shade = (hex: string, amount: number) =>
  toHex(rgb(hex).map((v) => (amount >= 0 ? v + (255 - v) * amount : v * (1 + amount))));
const luminance = (hex: string) => {
  const [r, g, b] = rgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
};
/** A contrasting line colour: darker on light surfaces, lighter on dark ones. */
const contrast = (hex: string, amount: number) =>
  shade(hex, luminance(hex) > 0.45 ? -amount : amount);
const n = (v: number) => Number(v.toFixed(1));

type Draw = (color: string, rand: () => number) => string;

const woodGrain: Draw = (color, rand) => {
  const lines: string[] = [];
  for (let y = 2; y < SIZE; y += 3 + rand() * 4) {
    const amp = 1 + rand() * 2.5;
    const phase = rand() * SIZE;
    const d = `M0 ${n(y)} C${n(16 + phase / 8)} ${n(y - amp)} ${n(40 - phase / 8)} ${n(y + amp)} 64 ${n(y + rand() * 2 - 1)}`;
    const op = n(0.25 + rand() * 0.45);
    lines.push(
      `<path d="${d}" stroke="${contrast(color, 0.28)}" stroke-width="${n(0.5 + rand())}" fill="none" opacity="${op}"/>`,
    );
  }
  const kx = n(10 + rand() * 44);
  const ky = n(10 + rand() * 44);
  lines.push(
    `<ellipse cx="${kx}" cy="${ky}" rx="4" ry="1.6" fill="none" stroke="${contrast(color, 0.35)}" opacity="0.5"/>`,
  );
  return lines.join('');
};

const herringbone: Draw = (color, rand) => {
  const planks: string[] = [];
  const seam = contrast(color, 0.35);
  for (let row = -2; row < 10; row += 1) {
    for (let col = 0; col < 5; col += 1) {
      const x = col * 16;
      const y = row * 8;
      const tone = shade(color, (rand() - 0.5) * 0.16);
      planks.push(
        `<rect x="${x}" y="${y}" width="16" height="5.6" fill="${tone}" stroke="${seam}" stroke-width="0.4" transform="rotate(${col % 2 ? -45 : 45} ${x + 8} ${y + 2.8})"/>`,
      );
    }
  }
  return planks.join('');
};

const marble: Draw = (color, rand) => {
  const veins: string[] = [];
  const vein = contrast(color, luminance(color) > 0.45 ? 0.45 : 0.7);
  for (let i = 0; i < 4; i += 1) {
    const y0 = rand() * SIZE;
    const y1 = rand() * SIZE;
    const d = `M-4 ${n(y0)} C${n(rand() * 30)} ${n(rand() * SIZE)} ${n(30 + rand() * 30)} ${n(rand() * SIZE)} 68 ${n(y1)}`;
    veins.push(
      `<path d="${d}" stroke="${vein}" stroke-width="${n(0.4 + rand() * 1.6)}" fill="none" opacity="${n(0.35 + rand() * 0.5)}"/>`,
    );
    veins.push(
      `<path d="${d}" stroke="${vein}" stroke-width="${n(3 + rand() * 4)}" fill="none" opacity="0.08"/>`,
    );
  }
  return veins.join('');
};

const terrazzo: Draw = (color, rand) => {
  const chips: string[] = [];
  const palette = [
    contrast(color, 0.5),
    shade(color, 0.5),
    contrast(color, 0.25),
    '#8a6f5a',
    '#6f8a84',
  ];
  for (let i = 0; i < 46; i += 1) {
    const cx = rand() * SIZE;
    const cy = rand() * SIZE;
    const r = 0.6 + rand() * 2.2;
    const pts = [0, 1, 2, 3]
      .map((k) => {
        const a = (k / 4) * Math.PI * 2 + rand();
        const rr = r * (0.6 + rand() * 0.6);
        return `${n(cx + Math.cos(a) * rr)},${n(cy + Math.sin(a) * rr)}`;
      })
      .join(' ');
    chips.push(`<polygon points="${pts}" fill="${palette[Math.floor(rand() * palette.length)]}"/>`);
  }
  return chips.join('');
};

const tileGrid: Draw = (color, rand) => {
  const tiles: string[] = [];
  const grout = luminance(color) > 0.45 ? shade(color, -0.22) : shade(color, 0.45);
  tiles.push(`<rect width="64" height="64" fill="${grout}"/>`);
  for (let r = 0; r < 4; r += 1)
    for (let c = 0; c < 4; c += 1)
      tiles.push(
        `<rect x="${c * 16 + 0.8}" y="${r * 16 + 0.8}" width="14.4" height="14.4" fill="${shade(color, (rand() - 0.5) * 0.12)}"/>`,
      );
  return tiles.join('');
};

const brick: Draw = (color, rand) => {
  const bricks: string[] = [];
  bricks.push(
    `<rect width="64" height="64" fill="${shade(color, luminance(color) > 0.6 ? -0.12 : 0.55)}"/>`,
  );
  for (let r = 0; r < 8; r += 1) {
    const offset = r % 2 ? -8 : 0;
    for (let c = 0; c < 5; c += 1)
      bricks.push(
        `<rect x="${offset + c * 16 + 0.7}" y="${r * 8 + 0.7}" width="14.6" height="6.6" fill="${shade(color, (rand() - 0.5) * 0.2)}"/>`,
      );
  }
  return bricks.join('');
};

const fabricWeave: Draw = (color, rand) => {
  const threads: string[] = [];
  const over = shade(color, 0.12);
  const under = shade(color, -0.14);
  for (let y = 0; y < SIZE; y += 4)
    for (let x = 0; x < SIZE; x += 4) {
      const horizontal = (x / 4 + y / 4) % 2 === 0;
      const tone = horizontal ? over : under;
      threads.push(
        horizontal
          ? `<rect x="${x}" y="${y + 0.8}" width="4" height="2.4" rx="1" fill="${tone}" opacity="${n(0.7 + rand() * 0.3)}"/>`
          : `<rect x="${x + 0.8}" y="${y}" width="2.4" height="4" rx="1" fill="${tone}" opacity="${n(0.7 + rand() * 0.3)}"/>`,
      );
    }
  return threads.join('');
};

const leather: Draw = (color, rand) => {
  const grains: string[] = [];
  for (let i = 0; i < 90; i += 1)
    grains.push(
      `<circle cx="${n(rand() * SIZE)}" cy="${n(rand() * SIZE)}" r="${n(0.8 + rand() * 1.8)}" fill="none" stroke="${contrast(color, 0.2)}" stroke-width="0.35" opacity="0.5"/>`,
    );
  grains.push(`<ellipse cx="22" cy="18" rx="30" ry="20" fill="#ffffff" opacity="0.08"/>`);
  return grains.join('');
};

const brushedMetal: Draw = (color, rand) => {
  const strokes: string[] = [
    `<defs><linearGradient id="s" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient></defs>`,
  ];
  for (let y = 0; y < SIZE; y += 0.8 + rand() * 1.2)
    strokes.push(
      `<line x1="0" y1="${n(y)}" x2="64" y2="${n(y)}" stroke="${rand() > 0.5 ? shade(color, 0.3) : shade(color, -0.25)}" stroke-width="0.3" opacity="${n(0.2 + rand() * 0.4)}"/>`,
    );
  strokes.push(`<rect width="64" height="64" fill="url(#s)"/>`);
  return strokes.join('');
};

const glass: Draw = (color) =>
  `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.5"/><stop offset="1" stop-color="${shade(color, -0.3)}" stop-opacity="0.4"/></linearGradient></defs>` +
  `<rect width="64" height="64" fill="url(#g)"/>` +
  `<polygon points="8,64 30,0 40,0 18,64" fill="#fff" opacity="0.35"/>` +
  `<polygon points="34,64 52,0 56,0 38,64" fill="#fff" opacity="0.25"/>`;

const concrete: Draw = (color, rand) => {
  const marks: string[] = [];
  for (let i = 0; i < 8; i += 1)
    marks.push(
      `<circle cx="${n(rand() * SIZE)}" cy="${n(rand() * SIZE)}" r="${n(8 + rand() * 14)}" fill="${shade(color, (rand() - 0.5) * 0.2)}" opacity="0.35"/>`,
    );
  for (let i = 0; i < 60; i += 1)
    marks.push(
      `<circle cx="${n(rand() * SIZE)}" cy="${n(rand() * SIZE)}" r="${n(0.2 + rand() * 0.6)}" fill="${contrast(color, 0.4)}" opacity="0.6"/>`,
    );
  return marks.join('');
};

const carpet: Draw = (color, rand) => {
  const loops: string[] = [];
  for (let y = 1; y < SIZE; y += 2.2)
    for (let x = y % 4.4 ? 1 : 2.1; x < SIZE; x += 2.2)
      loops.push(
        `<circle cx="${n(x)}" cy="${n(y)}" r="0.9" fill="${shade(color, (rand() - 0.5) * 0.3)}"/>`,
      );
  return loops.join('');
};

const plain: Draw = () =>
  `<defs><radialGradient id="p" cx="0.3" cy="0.25" r="0.9"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0.08"/></radialGradient></defs><rect width="64" height="64" fill="url(#p)"/>`;

const patterns: Record<SwatchPattern, Draw> = {
  'wood-grain': woodGrain,
  'wood-herringbone': herringbone,
  marble,
  terrazzo,
  'tile-grid': tileGrid,
  brick,
  'fabric-weave': fabricWeave,
  leather,
  'brushed-metal': brushedMetal,
  glass,
  plain,
  concrete,
  carpet,
};

/** The swatch as an SVG data URL (URL-encoded text is smaller than base64 for SVG). */
export const swatchImage = (color: string, pattern: SwatchPattern, seed: string): string => {
  const body = patterns[pattern](color.toLowerCase(), prng(seed));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" fill="${color.toLowerCase()}"/>${body}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
};
