import type { IconKey } from '../../components/area-icon';

/** Areas beyond the tool families, shown under "更多创作空间" on the home page. */
export interface HomeArea {
  title: string;
  description: string;
  icon: IconKey;
  links: { label: string; path: string }[];
  tone: string;
}

export const homeAreas: HomeArea[] = [
  {
    title: 'AI 设计助手',
    description: '上传效果图，与 GPT / Gemini 讨论方案、材质与软装，支持深度思考',
    icon: 'assistant',
    links: [{ label: '开始对话', path: '/deepseek' }],
    tone: 'indigo',
  },
  {
    title: '图像编辑模型',
    description: '一句话改图：换材质、改天气、加家具，多轮对话逐步细化',
    icon: 'imageAgent',
    links: [{ label: '立即体验', path: '/imgagent' }],
    tone: 'violet',
  },
  {
    title: '模型广场',
    description: '浏览设计师分享的风格模型，一键套用到你的渲染',
    icon: 'models',
    links: [{ label: '逛逛广场', path: '/modelsquare' }],
    tone: 'cyan',
  },
  {
    title: '模型训练',
    description: '用你的作品训练专属风格模型，团队出图风格统一',
    icon: 'train',
    links: [{ label: '开始训练', path: '/modelTrain' }],
    tone: 'teal',
  },
  {
    title: '提示词工具',
    description: '从参考图反推描述，或把一句想法扩写成专业提示词',
    icon: 'prompt',
    links: [
      { label: '图片反推', path: '/img2prompt' },
      { label: '文本优化', path: '/text2prompt' },
    ],
    tone: 'amber',
  },
  {
    title: '作品管理',
    description: '全部渲染记录按项目归档，收藏、批量下载与二次编辑',
    icon: 'works',
    links: [{ label: '我的作品', path: '/aiDesignMangement' }],
    tone: 'rose',
  },
  {
    title: '客户端下载',
    description: '桌面端与建模软件联动，批量渲染更高效',
    icon: 'client',
    links: [{ label: '下载客户端', path: '/client' }],
    tone: 'slate',
  },
  {
    title: '定制购买',
    description: '团队席位、专属点数包与私有化部署方案',
    icon: 'custom',
    links: [{ label: '了解方案', path: '/dingzhi' }],
    tone: 'gold',
  },
];
