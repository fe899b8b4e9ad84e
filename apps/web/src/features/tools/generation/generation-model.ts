/**
 * Models of the generation screens: prompt suggestions, ratio chips and style swatches. Pure
 * functions, so the screen stays thin and the rules are tested without a DOM.
 */

export interface SuggestionGroup {
  /** Locale key under generation.suggest.groups. */
  key: string;
  phrases: readonly string[];
}

/** Chinese phrases a designer adds with one tap; each group is one aspect of the picture. */
export const imageSuggestions: readonly SuggestionGroup[] = [
  {
    key: 'space',
    phrases: ['客厅', '主卧', '茶室', '开放式厨房', '酒店大堂', '咖啡店', '庭院', '建筑外立面'],
  },
  {
    key: 'style',
    phrases: ['奶油风', '新中式', '侘寂风', '现代极简', '法式复古', '工业风', '日式原木'],
  },
  {
    key: 'material',
    phrases: ['胡桃木', '微水泥', '大理石', '亚麻布艺', '黄铜点缀', '藤编', '水磨石'],
  },
  { key: 'light', phrases: ['午后斜阳', '柔和自然光', '黄昏暖光', '夜景灯光', '阴天漫射光'] },
  {
    key: 'camera',
    phrases: ['人视角', '广角全景', '一点透视', '鸟瞰', '局部特写', '杂志大片构图'],
  },
];

/** Video prompts also say how the camera moves. */
export const videoSuggestions: readonly SuggestionGroup[] = [
  { key: 'space', phrases: ['客厅', '卧室', '庭院', '建筑外立面', '售楼处', '滨水景观'] },
  {
    key: 'motion',
    phrases: ['镜头缓慢推进', '镜头缓慢拉远', '环绕拍摄', '横向平移', '无人机俯冲', '沿廊道前行'],
  },
  { key: 'light', phrases: ['午后自然光', '日落逆光', '夜景灯光渐亮', '晨雾'] },
];

/** Whole examples for "inspire me". */
export const examplePrompts = {
  image: [
    '奶油风客厅，弧形沙发，落地窗，午后斜阳，柔和阴影，杂志大片构图',
    '新中式茶室，胡桃木格栅，竹影，宣纸灯，静谧禅意，人视角',
    '现代极简建筑外立面，清水混凝土，大面积玻璃，黄昏暖光，广角',
    '侘寂风卧室，微水泥墙面，亚麻床品，晨光，低饱和色调',
  ],
  video: [
    '现代简约客厅，镜头缓慢推进，午后自然光，窗帘轻轻飘动',
    '新中式庭院，镜头沿廊道缓慢前行，竹影摇曳，晨雾',
    '滨水景观步道，无人机俯冲视角，日落逆光，水面波光',
  ],
} as const;

const SEPARATOR = '，';
const parts = (prompt: string) =>
  prompt
    .split(/[，,、\n]+/)
    .map((p) => p.trim())
    .filter(Boolean);

export const hasPhrase = (prompt: string, phrase: string) => parts(prompt).includes(phrase);

/** Adds a phrase with a Chinese comma; tapping it again takes it back out. */
export const togglePhrase = (prompt: string, phrase: string, max = 1000): string => {
  const list = parts(prompt);
  const next = list.includes(phrase) ? list.filter((p) => p !== phrase) : [...list, phrase];
  const text = next.join(SEPARATOR);
  return text.length > max ? prompt : text;
};

/** The next example after the current one (so repeated taps walk through them). */
export const nextExample = (examples: readonly string[], current: string): string => {
  const i = examples.indexOf(current);
  return examples[(i + 1) % examples.length]!;
};

/** A chip's little rectangle: the ratio drawn inside a `box`-pixel square. */
export const ratioBox = (ratio: string, box = 22): { width: number; height: number } => {
  const [w, h] = ratio.split(':').map(Number);
  if (!w || !h) return { width: box, height: box };
  const scale = box / Math.max(w, h);
  return { width: Math.max(4, Math.round(w * scale)), height: Math.max(4, Math.round(h * scale)) };
};

/**
 * A style card's picture when the catalogue has no cover: an abstract swatch drawn in CSS that
 * hints at the medium (paper and pencil lines for a sketch, washes for watercolour…). These are
 * honest decorations, not sample outputs.
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

const hash = (s: string) => {
  let h = 0;
  for (const c of s) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h;
};

export const styleSwatch = (id: string): string => {
  const known = swatches[id];
  if (known) return known;
  const hue = hash(id) % 360;
  return `linear-gradient(135deg, hsl(${hue} 70% 88%), hsl(${(hue + 40) % 360} 55% 62%))`;
};
