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
const editTools = {
  title: '图片编辑',
  path: '/list?tab=2',
  description: '材质、背景、氛围与画质处理',
};
const generateTools = {
  title: '创意生成',
  path: '/list?tab=3',
  description: '文生图、图生视频与灵感创作',
};
const home = { title: '返回首页', path: '/home', description: '浏览全部创作方向' };

export const laterScreens: LaterScreen[] = [
  {
    path: '/deepseek',
    title: 'AI 设计助手',
    category: 'AI 助手',
    description:
      '上传效果图或现场照片，与 GPT / Gemini 对话：方案点评、材质搭配、软装清单、设计说明一问即得，支持深度思考模式。',
    icon: 'assistant',
    related: [
      { title: '图像编辑模型', path: '/imgagent', description: '用一句话修改图片' },
      { title: '图片反推提示词', path: '/img2prompt', description: '从参考图提炼描述' },
      renderTools,
    ],
  },
  {
    path: '/imgagent',
    title: '图像编辑模型',
    category: 'AI 助手',
    description: '用自然语言直接修改图片：“把沙发换成皮质”“窗外改成雪景”，多轮对话逐步细化。',
    icon: 'imageAgent',
    related: [
      { title: 'AI 设计助手', path: '/deepseek', description: '方案点评与设计问答' },
      editTools,
      generateTools,
    ],
  },
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
  {
    path: '/client',
    title: '客户端下载',
    category: '商务',
    description:
      '绘境桌面客户端：与 SketchUp、3ds Max 截图联动，批量渲染、本地作品管理，一次登录多端同步。',
    icon: 'client',
    related: [
      { title: '定制购买', path: '/dingzhi', description: '团队与企业方案' },
      renderTools,
      home,
    ],
  },
  {
    path: '/aiDesignMangement',
    title: '作品管理',
    category: '我的',
    description:
      '集中管理你的全部渲染与生成记录：按项目归档、收藏、批量下载（photo.zip）和二次编辑。',
    icon: 'works',
    footer: false,
    related: [renderTools, editTools, generateTools],
  },
  {
    path: '/done',
    title: '渲染结果',
    category: '我的',
    description: '渲染完成后的结果页：高清预览、对比原图、下载与继续编辑。',
    icon: 'done',
    related: [
      { title: '作品管理', path: '/aiDesignMangement', description: '查看全部作品' },
      renderTools,
      home,
    ],
  },
  {
    path: '/done2',
    title: '生成结果',
    category: '我的',
    description: '编辑与生成类任务的结果页：多图对比、下载与一键再次生成。',
    icon: 'done',
    related: [
      { title: '作品管理', path: '/aiDesignMangement', description: '查看全部作品' },
      editTools,
      home,
    ],
  },
  {
    path: '/3dRenderDone',
    title: '3D 渲染结果',
    category: '我的',
    description: '3D 渲染任务的结果页：多角度预览、细节放大与下载。',
    icon: 'done',
    related: [
      { title: '3D 渲染', path: '/3drender', description: '再渲染一张' },
      renderTools,
      home,
    ],
  },
  {
    path: '/img2prompt',
    title: '图片反推提示词',
    category: '提示词工具',
    description: '上传一张参考图，自动提炼风格、材质、光影与构图描述，直接用于文生图或渲染。',
    icon: 'prompt',
    footer: false,
    related: [
      { title: '文本优化提示词', path: '/text2prompt', description: '把想法扩写成专业描述' },
      { title: '文生图', path: '/text2Img', description: '用描述生成灵感图' },
      generateTools,
    ],
  },
  {
    path: '/text2prompt',
    title: '文本优化提示词',
    category: '提示词工具',
    description: '把一句简单的想法扩写为结构清晰、专业准确的设计提示词，中英文同时给出。',
    icon: 'prompt',
    footer: false,
    related: [
      { title: '图片反推提示词', path: '/img2prompt', description: '从参考图提炼描述' },
      { title: '文生图', path: '/text2Img', description: '用描述生成灵感图' },
      generateTools,
    ],
  },
  {
    path: '/mobileList',
    title: '移动端功能列表',
    category: '移动端',
    description: '在手机上浏览全部功能分类，拍照即可开始渲染。',
    icon: 'mobile',
    related: [{ title: '移动端首页', path: '/mobileHome', description: '返回移动端首页' }],
  },
  {
    path: '/mobilePrepare',
    title: '移动端出图准备',
    category: '移动端',
    description: '拍照或从相册选择图片，选择风格后即可提交渲染。',
    icon: 'mobile',
    related: [{ title: '移动端首页', path: '/mobileHome', description: '返回移动端首页' }],
  },
  {
    path: '/mobileDone',
    title: '移动端渲染结果',
    category: '移动端',
    description: '在手机上查看、保存和分享渲染结果。',
    icon: 'mobile',
    related: [{ title: '移动端首页', path: '/mobileHome', description: '返回移动端首页' }],
  },
];

export const laterScreenFor = (path: string): LaterScreen | undefined =>
  laterScreens.find((s) => s.path === path);
