import type { SuggestionGroup } from '../components/prompt-phrases';

/**
 * Models of the generation screens: prompt suggestions and ratio chips. Pure functions, so the
 * screen stays thin and the rules are tested without a DOM. Adding a phrase (togglePhrase) and the
 * style swatches are shared with the render tools' form: components/prompt-phrases.ts and
 * components/style-swatch.ts.
 */

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

/** The parameters the generation card draws, so the generated form leaves them out. */
export const generationOwnParams = ['promptTxt', 'aspectRatio', 'style'] as const;
