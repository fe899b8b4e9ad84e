/** Primary language. Keys are grouped by screen; en-US mirrors this shape exactly. */
export const zhCN = {
  brand: {
    name: '绘境',
    tagline: '室内与建筑设计 AI 渲染平台',
    slogan: '让每一张草图，都有照片级的答案',
  },
  nav: {
    render: 'AI 渲染',
    edit: '图片编辑',
    generate: '创意生成',
    assistant: 'AI 助手',
    models: '模型广场',
    works: '作品管理',
    functions: '全部功能',
    menu: '菜单',
  },
  actions: {
    login: '登录 / 注册',
    start: '开始创作',
    allFunctions: '查看全部功能',
    backHome: '返回首页',
    functionList: '功能列表',
    reload: '重新加载',
    viewAll: '查看全部',
    tryNow: '立即体验',
    gotIt: '知道了',
  },
  families: {
    render: '室内、建筑、景观全场景出图，保留结构与透视',
    edit: '材质、背景、氛围、抠图、放大，效果图后期一站完成',
    generate: '文字与图片生成灵感图和空间漫游视频',
  },
  badges: { new: '新', hot: '热门', pro: 'Pro' },
  comingSoon: {
    tag: '即将上线',
    title: '{{name}} 正在打磨中',
    body: '我们正在为这个功能做最后的调校，上线后即可在这里直接使用。先看看这些相近的功能吧。',
    similar: '相近功能',
    family: '所属分类',
  },
  notFound: {
    title: '页面走丢了',
    body: '你访问的页面不存在或已经搬家。可以回到首页，或在功能列表中找到想用的工具。',
  },
  error: {
    scriptTitle: '页面资源加载失败',
    scriptBody: '可能是网络波动，或平台刚刚完成了更新。重新加载即可获取最新版本。',
    styleTitle: '页面样式加载失败',
    styleBody: '页面的样式文件没有加载成功，显示可能不完整。重新加载通常即可恢复。',
    genericTitle: '页面出了点问题',
    genericBody: '这个页面遇到了意外错误，我们已经记录下来。请重新加载，或先返回首页。',
  },
  list: {
    title: '全部功能',
    subtitle: '{{count}} 款专业 AI 工具，覆盖渲染、编辑与生成',
    search: '搜索功能名称，如“家装渲染”或 “upscale”',
    empty: '没有找到与“{{query}}”相关的功能',
    results: '找到 {{count}} 个相关功能',
    hot: '热门推荐：',
  },
  footer: {
    agreement: '用户协议',
    rights: '绘境 AI 渲染平台 · 保留所有权利',
    notice: '平台生成内容均已按规定添加 AI 生成标识',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Resources = Widen<typeof zhCN>;
