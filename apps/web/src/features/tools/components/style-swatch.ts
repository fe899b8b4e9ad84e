import type { ClassifyGroup } from '@huijing/contracts';

/**
 * A style's picture when the catalogue has no cover: an abstract swatch drawn in CSS. The text to
 * image styles hint at the medium (paper and pencil lines for a sketch, washes for watercolour…);
 * the render catalogues draw a tiny scene (a room, a building, a garden, a window) in the style's
 * palette, so 奶油风 reads creamy white and 新中式 walnut and ink. These are honest decorations, not
 * sample outputs. One module for the generation cards and the render pickers.
 */
const swatches: Record<string, string> = {
  'image-photoreal':
    'linear-gradient(180deg, #dbe7f3 0 45%, #c7b299 45% 48%, #e9dfd2 48% 100%), #e9dfd2',
  'image-magazine': 'linear-gradient(135deg, #f5efe6 0 55%, #d9c2a3 55% 70%, #8c6f56 70% 100%)',
  'image-sketch':
    'repeating-linear-gradient(115deg, transparent 0 7px, rgba(60, 60, 60, 0.35) 7px 8px), #f7f5ef',
  'image-watercolor':
    'radial-gradient(circle at 30% 35%, rgba(96, 165, 250, 0.55), transparent 45%), radial-gradient(circle at 70% 65%, rgba(244, 114, 182, 0.45), transparent 45%), #fbf8f2',
  'image-marker':
    'linear-gradient(100deg, transparent 0 20%, #f59e0b 20% 34%, transparent 34% 52%, #0ea5e9 52% 66%, transparent 66%), #fafafa',
  'image-model': 'linear-gradient(160deg, #ffffff 0 50%, #e5e7eb 50% 75%, #cbd5e1 75% 100%)',
  'image-illustration':
    'radial-gradient(circle at 72% 30%, #fde047 0 14%, transparent 15%), linear-gradient(180deg, #a5f3fc 0 60%, #86efac 60% 100%)',
  'image-cinematic':
    'linear-gradient(180deg, #000 0 14%, transparent 14% 86%, #000 86%), radial-gradient(circle at 65% 55%, #f59e0b, #7c2d12 45%, #111827 80%)',
};

/** Four colours: wall or sky, floor or ground, the main mass, an accent. */
export type Palette = readonly [string, string, string, string];

/**
 * Palettes by what a category is called. A key matches the category id exactly, or a part of its
 * Chinese or English name or branch, so a style an admin adds under 中式 still looks Chinese.
 * Earlier entries win: specific names come before the families they belong to.
 */
const palettes: readonly (readonly [readonly string[], Palette])[] = [
  // Architecture and landscape entries whose name repeats an interior one.
  [['arch-new-chinese'], ['#e1e7ea', '#ecebe6', '#3b3b3b', '#8a6a4f']],
  [['arch-mediterranean'], ['#d6e8f5', '#f7f3ea', '#c8643c', '#2f6fa8']],
  [['arch-classical'], ['#dfe7ee', '#e8dcc4', '#b59f7b', '#8f9a86']],
  [['arch-neoclassical'], ['#e4eaef', '#efe9dd', '#a89f90', '#6f7c8a']],
  [['arch-minimalism'], ['#e2e9ee', '#f2f2ef', '#c9ccd0', '#9aa39a']],
  [['land-mediterranean'], ['#e4eef4', '#d9c7a3', '#7d8b55', '#9b7fc2']],
  [['land-modern-minimal'], ['#e3ecf2', '#cfd3d6', '#5f8f6a', '#9cc3d9']],
  [['land-new-chinese'], ['#e4ece9', '#c9c3b3', '#2f5d46', '#3a3a3a']],
  // Interior styles.
  [
    ['奶油', 'cream'],
    ['#f6efe4', '#e8d9c4', '#fffaf2', '#d9b99b'],
  ],
  [
    ['宋式', 'song'],
    ['#f1ede4', '#b49a7c', '#6b5a48', '#d9cbb5'],
  ],
  [
    ['中式古典', 'classical chinese'],
    ['#f3e6d3', '#6e2b1f', '#9b2d20', '#c9a45c'],
  ],
  [
    ['工业', 'industrial', 'loft'],
    ['#9a9a96', '#5d5b58', '#1f1f1f', '#a4553a'],
  ],
  [
    ['意式', 'italian'],
    ['#e7e2db', '#4a3b31', '#2f2a26', '#b08d6d'],
  ],
  [
    ['现代简约', 'modern minimalist'],
    ['#eeeeeb', '#c9c4bc', '#8a8f98', '#3b3f45'],
  ],
  [
    ['轻奢', 'luxury'],
    ['#ece7e1', '#d8d2cb', '#3c4a5a', '#c9a45c'],
  ],
  [
    ['包豪斯', 'bauhaus'],
    ['#f2efe8', '#d9d2c5', '#d62828', '#1d4e89'],
  ],
  [
    ['孟菲斯', 'memphis'],
    ['#fde2e4', '#f7d794', '#00b4d8', '#ff6b6b'],
  ],
  [
    ['法式', 'french'],
    ['#f3ede6', '#c8a27a', '#c9b6a6', '#e8c7c8'],
  ],
  [
    ['新古典', 'neoclassical'],
    ['#ede6da', '#bfae94', '#5a6270', '#c2a15f'],
  ],
  [
    ['地中海', 'mediterranean'],
    ['#f8f7f2', '#d07a4f', '#1f5fa8', '#5fa3d9'],
  ],
  [
    ['北欧', 'scandinavian', 'nordic'],
    ['#f7f7f5', '#d8c3a5', '#a3b5a6', '#4a4a4a'],
  ],
  [
    ['现代美式', 'modern american'],
    ['#efece6', '#9c7a5b', '#5c6b73', '#e2d8c9'],
  ],
  [
    ['美式', 'american'],
    ['#efe3d0', '#7a4e2d', '#3e5641', '#c7a27c'],
  ],
  [
    ['侘寂', 'wabi'],
    ['#e4dcd0', '#b8a891', '#8a7b69', '#5c5248'],
  ],
  [
    ['无印', 'muji'],
    ['#f5f1ea', '#e0cfb4', '#c8b59a', '#8d8d86'],
  ],
  [
    ['中古', 'mid-century'],
    ['#efe4cf', '#a0522d', '#3f6e5a', '#e0a43a'],
  ],
  [
    ['港式', 'hong kong'],
    ['#f2ece3', '#3a2f2a', '#c9a45c', '#b8c4cc'],
  ],
  [
    ['东南亚', 'southeast asian'],
    ['#efe2c8', '#6b4226', '#3f6b3a', '#c98b4f'],
  ],
  [
    ['波西米亚', 'bohemian'],
    ['#f4e3cf', '#c26a3d', '#3c6e71', '#e0a96d'],
  ],
  // Architecture.
  [
    ['现代主义', 'modernism'],
    ['#dbe8f2', '#f5f5f2', '#7fa7c4', '#9aa39a'],
  ],
  [
    ['参数化', 'parametric'],
    ['#d9e6f0', '#e9ecef', '#9fb4c7', '#8c9aa6'],
  ],
  [
    ['高技', 'high-tech'],
    ['#d7e3ec', '#a7b1ba', '#3d4a57', '#7d8790'],
  ],
  [
    ['粗野', 'brutalism'],
    ['#d8dde2', '#8f8f8a', '#5a5a55', '#6f7a6a'],
  ],
  [
    ['解构', 'deconstruct'],
    ['#dfe7ee', '#c9ccd1', '#4b5563', '#9aa3ad'],
  ],
  [
    ['徽派', 'huizhou'],
    ['#e3e9ec', '#f4f2ec', '#2d2d2d', '#7c8a72'],
  ],
  [
    ['日式现代', 'japanese modern'],
    ['#e6ecef', '#c9b79c', '#3f3a35', '#8da08a'],
  ],
  [
    ['装饰艺术', 'art deco'],
    ['#dfe5ea', '#d8c8a8', '#1f2a36', '#c9a45c'],
  ],
  [
    ['乡土', 'vernacular'],
    ['#e2e8e6', '#b98a5e', '#6d5a45', '#8a9a6b'],
  ],
  [
    ['热带', 'tropical'],
    ['#cfe8f0', '#d6c2a0', '#6b4a2b', '#3f8f5a'],
  ],
  [
    ['雨水', 'rain garden'],
    ['#dde9ee', '#8aa67a', '#3f7a5a', '#6fa3b8'],
  ],
  [
    ['生态', 'green building'],
    ['#dcecf2', '#e8ecee', '#4f8f4f', '#7fb069'],
  ],
  // Landscape.
  [
    ['枯山水', 'dry garden'],
    ['#e9ecea', '#d7d3c8', '#4f6b3f', '#b33a2a'],
  ],
  [
    ['日式庭院', 'japanese garden'],
    ['#e6ece4', '#9db07a', '#a8442e', '#d9d4c7'],
  ],
  [
    ['私家花园', 'private garden'],
    ['#e3eef3', '#8cc063', '#e58fa8', '#f2e6c9'],
  ],
  [['园林'], ['#e4ece9', '#8fb3a8', '#2f5d46', '#f1efe8']],
  [
    ['规则式', 'formal'],
    ['#dfeaf3', '#7fa86a', '#3f6b35', '#d8cfbf'],
  ],
  [
    ['英式', 'english'],
    ['#dcebf3', '#8cbf6a', '#4d7c3a', '#c9d8a6'],
  ],
  [
    ['野趣', 'naturalistic'],
    ['#e6eef0', '#c8c07a', '#7a9a4a', '#e2b86b'],
  ],
  // Rooms and venues (spaces and building types), by what is in them.
  [
    ['客厅', 'living room'],
    ['#f1ebe2', '#c9a886', '#7d8a6a', '#d9b36c'],
  ],
  [
    ['老人', 'elderly'],
    ['#f1ebe1', '#b49a7a', '#8a9a7a', '#d9c6a5'],
  ],
  [
    ['前台', 'reception'],
    ['#f3f1ee', '#d2c8bb', '#2e3440', '#c9a45c'],
  ],
  [
    ['总裁', 'executive'],
    ['#e8e2da', '#5a4030', '#2b2f36', '#b08d57'],
  ],
  [
    ['总部', 'headquarters'],
    ['#dfe9f1', '#c9ced3', '#4a6a86', '#8fae8a'],
  ],
  [
    ['口腔', 'dental'],
    ['#f6fbfc', '#cde7ee', '#2f9fb8', '#e9f4f7'],
  ],
  [
    ['中餐', 'chinese restaurant'],
    ['#f2e4d4', '#7a3b26', '#b3261e', '#d9a441'],
  ],
  [
    ['西餐', 'western restaurant'],
    ['#3b3430', '#6b4a3a', '#8c2f39', '#e0b96a'],
  ],
  [
    ['火锅', 'hotpot'],
    ['#f5e0d3', '#6b2f24', '#d7301f', '#f2a541'],
  ],
  [
    ['餐厅', 'dining'],
    ['#f4ede3', '#b58863', '#5a4636', '#e8c27a'],
  ],
  [
    ['儿童', 'kids'],
    ['#fdf3e1', '#bfe0d9', '#f29e8e', '#7cc0e8'],
  ],
  [
    ['主卧', 'master bedroom'],
    ['#efe7df', '#b9a08a', '#8c9bab', '#e8d5c0'],
  ],
  [
    ['卧', 'bedroom'],
    ['#f3eee8', '#cdb9a5', '#a7b5a0', '#e5c6b8'],
  ],
  [
    ['开放式厨房', 'open kitchen'],
    ['#f2f2ef', '#b9a58c', '#3f4f5a', '#d6c2a0'],
  ],
  [
    ['厨房', 'kitchen'],
    ['#f4f4f1', '#c8c5bf', '#7b8c95', '#b08b5e'],
  ],
  [
    ['卫', 'bathroom'],
    ['#eef2f3', '#c9d3d6', '#6f8f9c', '#ffffff'],
  ],
  [
    ['书房', 'study'],
    ['#ece4d6', '#8a6a4c', '#3f5a4a', '#c9a46a'],
  ],
  [
    ['茶室', 'tea room'],
    ['#efe8da', '#9c7b55', '#4f5b3a', '#c6b08a'],
  ],
  [
    ['阳台', 'balcony'],
    ['#e5eff2', '#c9b99f', '#6f9a5a', '#e8d9b5'],
  ],
  [
    ['会议', 'meeting'],
    ['#eef0f2', '#9aa3ab', '#2f3b48', '#c9b08a'],
  ],
  [
    ['办公', 'office'],
    ['#f1f3f4', '#b8bcc0', '#5b6f82', '#e3c16f'],
  ],
  [
    ['咖啡', 'café'],
    ['#efe4d6', '#8a5a3c', '#3a2a20', '#d9b38c'],
  ],
  [
    ['酒吧', 'bar'],
    ['#2a2430', '#4a3a3a', '#b8860b', '#7a2e4a'],
  ],
  [
    ['大堂', 'lobby'],
    ['#efe8dc', '#cdbfa8', '#3a3f4a', '#c9a45c'],
  ],
  [
    ['健身', 'gym'],
    ['#e9eaec', '#3a3d42', '#e4572e', '#9aa0a6'],
  ],
  [
    ['影院', 'cinema'],
    ['#1e1b2e', '#3a2f4a', '#b3261e', '#f2c14e'],
  ],
  [
    ['幼儿园', 'kindergarten'],
    ['#fff4d6', '#a8d5ba', '#f4845f', '#7ab8f5'],
  ],
  [
    ['图书馆', 'library'],
    ['#efe6d8', '#9c7b55', '#5a6e4f', '#d9c49a'],
  ],
  [
    ['诊所', 'clinic'],
    ['#f3f7f8', '#d5e3e6', '#5fa8b8', '#ffffff'],
  ],
  [
    ['SPA', 'spa'],
    ['#ece3d8', '#b59a7c', '#6b5a48', '#e8c9a0'],
  ],
  // Views, scenes and backdrops.
  [
    ['夜景', 'night'],
    ['#1b2440', '#2d3a5c', '#f2c14e', '#6c7aa6'],
  ],
  [
    ['天际线', 'skyline'],
    ['#cfe0ef', '#8a9bb0', '#4a5a70', '#e6eef6'],
  ],
  [
    ['老城', 'old town'],
    ['#e3dccf', '#a6876a', '#6b5a4a', '#c96f4a'],
  ],
  [
    ['海滩', 'beach'],
    ['#cfe6f3', '#f1e3c0', '#3d8fc4', '#e0c48f'],
  ],
  [
    ['泳池', 'pool'],
    ['#e8f3f7', '#5cc4d9', '#f4efe6', '#2f8fa8'],
  ],
  [
    ['营地', 'camp'],
    ['#e3ebdf', '#5d7a4a', '#c98b4f', '#2f4a2f'],
  ],
  [
    ['草坪', 'lawn'],
    ['#e2eef3', '#86b861', '#5c8f3f', '#cfe3b0'],
  ],
  [
    ['露台', 'terrace'],
    ['#e9ecee', '#c2b8a8', '#8a9a6b', '#a0826a'],
  ],
  [
    ['山', 'mountain'],
    ['#dbe7ef', '#7d9a8a', '#4e6b5e', '#a8b8a0'],
  ],
  [
    ['森林', 'forest'],
    ['#dfece2', '#6f9a5a', '#2f5a36', '#a7c48a'],
  ],
  [
    ['田野', 'countryside'],
    ['#e3eef2', '#c9c36a', '#8fb05a', '#e8d9a0'],
  ],
  [
    ['江', 'river'],
    ['#dbe7f0', '#7fa6c4', '#5a7a8a', '#c7d3da'],
  ],
  [
    ['海', 'sea'],
    ['#cfe6f3', '#3d8fc4', '#1f5f8b', '#f1e3c0'],
  ],
  [
    ['湖', 'lake'],
    ['#e0ecf2', '#8fb8c8', '#5b8a78', '#c9dbe3'],
  ],
  [
    ['暖灰', 'warm grey'],
    ['#d6d0c8', '#c6bfb6', '#b4aca2', '#e6e1db'],
  ],
  [
    ['纯白', 'white'],
    ['#ffffff', '#f3f4f6', '#e5e7eb', '#d1d5db'],
  ],
  [
    ['纯黑', 'black'],
    ['#111111', '#1f1f1f', '#3a3a3a', '#6b6b6b'],
  ],
  [
    ['肌理', 'plaster'],
    ['#e6ddd0', '#d4c6b2', '#bfae96', '#f3ece1'],
  ],
  [
    ['展台', 'plinth'],
    ['#ece9e4', '#cfc9c0', '#a8a29a', '#7d7770'],
  ],
  // Families, last: a new style under one of them takes its look.
  [
    ['中式', 'chinese'],
    ['#efe9df', '#5b3a29', '#2b2b2b', '#8c6a4f'],
  ],
  [
    ['日式', 'japanese', '原木'],
    ['#f3ecdf', '#d9c3a0', '#b89b72', '#6f7d5c'],
  ],
  [
    ['极简', 'minimal'],
    ['#f4f4f2', '#d9d9d6', '#ffffff', '#2b2b2b'],
  ],
  [
    ['欧式', 'european'],
    ['#efe7da', '#c9b08a', '#8c7b6b', '#c2a15f'],
  ],
];

/** What a category is called, to find its palette (the flattened catalogue item fits). */
export interface SwatchNames {
  name?: string;
  nameEn?: string | null;
  /** Branch names above it, e.g. ["室内风格", "中式"]. */
  path?: readonly string[];
}

const hash = (s: string) => {
  let h = 0;
  for (const c of s) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h;
};

/** The listed palette for a category, by id, then its own name, then its branch's names. */
export const stylePalette = (id: string, names: SwatchNames = {}): Palette | undefined => {
  const own = [names.name ?? '', (names.nameEn ?? '').toLowerCase()];
  const branch = (names.path ?? []).slice(1);
  const hit = (texts: string[]) =>
    palettes.find(([keys]) => keys.some((k) => texts.some((t) => t.includes(k))))?.[1];
  return (
    palettes.find(([keys]) => keys.includes(id))?.[1] ??
    hit(own.filter(Boolean)) ??
    hit(branch.map((b) => b.toLowerCase()))
  );
};

/** A palette of its own for a category none of the names match: stable, from its id. */
export const derivedPalette = (id: string): Palette => {
  const n = hash(id);
  // Hue, the main colour's turn away from it and the floor's depth come from different bits, so
  // two categories rarely share all three.
  const h = n % 360;
  const turn = 16 + ((n >>> 9) % 12) * 12;
  const floor = 62 + ((n >>> 17) % 5) * 4;
  return [
    `hsl(${h} 32% 92%)`,
    `hsl(${h} 24% ${floor}%)`,
    `hsl(${(h + turn) % 360} 34% 48%)`,
    `hsl(${(h + 180) % 360} 36% 62%)`,
  ];
};

/** The little scene a catalogue's swatch draws. */
export type SwatchScene = 'room' | 'building' | 'garden' | 'view' | 'bands';

const groupScenes: Partial<Record<ClassifyGroup, SwatchScene>> = {
  'interior-style': 'room',
  'home-space': 'room',
  'commercial-space': 'room',
  'studio-backdrop': 'room',
  'architecture-style': 'building',
  'architecture-type': 'building',
  'landscape-style': 'garden',
  'landscape-type': 'garden',
  'outdoor-scene': 'garden',
  'window-view': 'view',
};
export const sceneFor = (group: ClassifyGroup | undefined): SwatchScene =>
  (group && groupScenes[group]) ?? 'bands';

const block = (c: string, at: string) => `linear-gradient(${c}, ${c}) ${at} no-repeat`;

/** CSS `background` drawing the scene in the palette: wall/sky, floor/ground, mass, accent. */
export const sceneSwatch = (
  scene: SwatchScene,
  [c0, c1, c2, c3]: Palette,
  /** Varies the room's layout (a derived palette passes its id's hash); 0 is the plain one. */
  variant = 0,
): string => {
  switch (scene) {
    case 'room': {
      // A sofa on the floor, a picture on the wall; a derived palette also moves and sizes them.
      const sofa = 40 + (variant % 4) * 6;
      const picture = 62 + ((variant >>> 3) % 4) * 6;
      return [
        block(c2, `18% 82% / ${sofa}% 20%`),
        block(c3, `${picture}% 26% / 16% 30%`),
        `linear-gradient(180deg, ${c0} 0 64%, ${c1} 64% 100%)`,
      ].join(', ');
    }
    case 'building':
      // A block with rows of windows against the sky.
      return [
        `repeating-linear-gradient(180deg, ${c2} 0 10%, transparent 10% 22%) 50% 62% / 40% 46% no-repeat`,
        block(c1, '50% 86% / 56% 70%'),
        `linear-gradient(180deg, ${c0} 0 86%, ${c3} 86% 100%)`,
      ].join(', ');
    case 'garden':
      // Two trees and a path over the ground.
      return [
        `radial-gradient(circle at 28% 50%, ${c2} 0 17%, transparent 18%)`,
        `radial-gradient(circle at 72% 58%, ${c2} 0 11%, transparent 12%)`,
        `linear-gradient(100deg, transparent 0 44%, ${c3} 44% 56%, transparent 56%) 0 100% / 100% 36% no-repeat`,
        `linear-gradient(180deg, ${c0} 0 62%, ${c1} 62% 100%)`,
      ].join(', ');
    case 'view':
      // The view through a window with a mullion and a transom.
      return [
        block('#ffffff', '50% 0 / 5% 100%'),
        block('#ffffff', '0 38% / 100% 5%'),
        `linear-gradient(180deg, ${c0} 0 50%, ${c2} 50% 72%, ${c1} 72% 100%)`,
      ].join(', ');
    case 'bands':
      return `linear-gradient(135deg, ${c0} 0 40%, ${c1} 40% 70%, ${c2} 70% 88%, ${c3} 88% 100%)`;
  }
};

/**
 * The swatch of one style. The generation cards pass the id only (their styles are listed above,
 * others get a gradient of their own); the render pickers pass the names and the scene, so every
 * category draws its scene in its listed palette or, when none matches, one derived from its id.
 */
export const styleSwatch = (id: string, names?: SwatchNames, scene?: SwatchScene): string => {
  const known = swatches[id];
  if (known) return known;
  if (scene) {
    const listed = stylePalette(id, names);
    return listed ? sceneSwatch(scene, listed) : sceneSwatch(scene, derivedPalette(id), hash(id));
  }
  const hue = hash(id) % 360;
  return `linear-gradient(135deg, hsl(${hue} 70% 88%), hsl(${(hue + 40) % 360} 55% 62%))`;
};

/** The swatch behind "no preference": a light checkerboard. */
export const noneSwatch = 'repeating-conic-gradient(#eef0f6 0 25%, #fff 0 50%) 0 0 / 14px 14px';
