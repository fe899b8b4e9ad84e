import type { IconKey } from '../components/area-icon';

/**
 * Screens of spec §2 that are not tools and arrive in later issues. Each shows a designed
 * coming-soon panel with its own title; `related` points at live pages meanwhile.
 */
export interface LaterScreen {
  path: string;
  title: string;
  category: string;
  description: string;
  icon: IconKey;
  related: { title: string; path: string; description: string }[];
  /** Spec §2 marks some routes as footer-less. */
  footer?: boolean;
}

const renderTools = {
  title: 'AI 渲染',
  path: '/list?tab=1',
  description: '家装、工装、建筑、景观一键出图',
};
const home = { title: '返回首页', path: '/home', description: '浏览全部创作方向' };

export const laterScreens: LaterScreen[] = [
  {
    path: '/modelsquare',
    title: '模型广场',
    category: '社区',
    description:
      '浏览设计师训练并分享的风格模型：新中式、侘寂、奶油风、现代建筑立面……一键套用到你的渲染。',
    icon: 'models',
    related: [
      { title: '模型训练', path: '/modelTrain', description: '训练你的专属风格' },
      renderTools,
      home,
    ],
  },
  {
    path: '/modelTrain',
    title: '模型训练',
    category: '社区',
    description:
      '上传 15–30 张同一风格的作品，训练专属于你或团队的风格模型，让出图始终保持品牌调性。',
    icon: 'train',
    related: [
      { title: '模型广场', path: '/modelsquare', description: '使用社区风格模型' },
      { title: '训练进度', path: '/modelTraining', description: '查看训练中的模型' },
      renderTools,
    ],
  },
  {
    path: '/modelTraining',
    title: '模型训练中',
    category: '社区',
    description: '在这里查看风格模型的排队与训练进度，训练完成后会第一时间通知你。',
    icon: 'train',
    related: [
      { title: '模型训练', path: '/modelTrain', description: '新建训练任务' },
      { title: '模型广场', path: '/modelsquare', description: '浏览社区模型' },
      home,
    ],
  },
  {
    path: '/dingzhi',
    title: '定制购买',
    category: '商务',
    description: '为设计院、装企与工作室提供团队席位、专属点数包、私有化部署与风格模型定制服务。',
    icon: 'custom',
    related: [
      { title: '客户端下载', path: '/client', description: '桌面端批量出图' },
      renderTools,
      home,
    ],
  },
];

export const laterScreenFor = (path: string): LaterScreen | undefined =>
  laterScreens.find((s) => s.path === path);
