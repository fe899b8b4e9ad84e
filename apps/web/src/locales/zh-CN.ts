import { editorPart } from './parts/editor';
import { resultsPart } from './parts/results';
import { editingPart } from './parts/editing';
import { generationPart } from './parts/generation';
import { worksPart } from './parts/works';
import { assistantPart } from './parts/assistant';
import { mobilePart } from './parts/mobile';
import { uploadsPart } from './parts/uploads';
import { commercePart } from './parts/commerce';
import { communityPart } from './parts/community';
import { modelsPart } from './parts/models';
import { adminConsolePart } from './parts/admin-console';
import { helpPart } from './parts/help';
import { firstHourPart } from './parts/first-hour';
import type { Widen } from './parts/define-part';

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
    search: '搜索功能名称，如“家装渲染”或“高清放大”',
    empty: '没有找到与“{{query}}”相关的功能',
    results: '找到 {{count}} 个相关功能',
    hot: '热门推荐：',
  },
  footer: {
    agreement: '用户协议',
    rights: '绘境 AI 渲染平台 · 保留所有权利',
    notice: '平台生成内容均已按规定添加 AI 生成标识',
  },
  tools: {
    allTools: '全部功能',
    unavailable: '该功能暂不可用',
    upload: {
      section: '上传图片',
      paste: '支持拖拽或 Ctrl+V 粘贴',
      title: '点击或拖拽图片到这里',
      hint: 'JPG / PNG / WebP，超过 4000 像素将自动压缩',
      uploading: '正在上传…',
      optional: '（可选）',
      choose: '选择{{label}}',
      replace: '更换',
      remove: '移除',
      add: '继续添加',
      count: '{{count}}/{{max}} 张',
    },
    form: {
      title: '参数设置',
      reset: '恢复默认',
      advanced: '高级设置（{{count}} 项）',
      scene: '视角与氛围（{{count}} 项）',
      auto: '不限，自动识别',
      choose: '请选择{{label}}',
      catalogFailed: '素材库加载失败，可稍后重试',
      material: '材质库',
    },
    start: {
      price: '消耗 {{price}} 次',
      free: '免费',
      balance: '剩余 {{balance}} 次',
      login: '登录后开始',
      running: '生成中…',
      needLogin: '登录后即可开始生成，新用户赠送免费次数',
      needInput: '请先上传{{label}}',
      needMask: '请先在图上涂抹要处理的区域',
      needTickets: '次数不足：本次需 {{price}} 次，当前剩余 {{balance}} 次',
      topUp: '去充值',
    },
    stage: {
      label: '预览与结果',
      emptyTitle: '三步出图',
      step1: '上传原图：草图、白模、照片或效果图都可以',
      step1Text: '写下画面描述',
      step2: '在左侧调整风格与参数',
      step3: '点击“{{verb}}”，结果会显示在这里',
      original: '原图',
      ready: '原图已就绪，调整参数后点击“{{verb}}”',
    },
    task: {
      ahead_one: '前面还有 {{count}} 个任务',
      ahead_other: '前面还有 {{count}} 个任务',
      next: '马上轮到你了',
      running: '正在生成',
      progress: '生成进度',
      elapsed: '已用时',
      keep: '可离开页面，完成后在历史记录中查看',
      cancel: '取消任务',
      failed: '生成失败',
      failedBody: '本次生成没有成功，次数已退回',
      canceled: '任务已取消',
      canceledBody: '已取消本次生成，次数已退回',
      retry: '重新生成',
      lost: '找不到这个任务，它可能已被删除',
      dismiss: '知道了',
    },
    result: {
      before: '原图',
      after: '效果图',
      compare: '拖动对比原图与效果图',
      alt: '生成结果',
      outputs: '全部结果',
      empty: '这次没有生成结果',
      done: '生成完成',
      again: '再来一次',
      download: '下载 PNG',
      downloadVideo: '下载 MP4',
      downloadFile: '下载压缩后的文件',
    },
    history: {
      title: '历史记录',
      empty: '还没有记录，生成的作品会出现在这里',
      open: '查看这次结果',
      delete: '删除',
      keep: '保留',
      confirm: '删除这条记录？进行中的任务会被取消并退回次数',
      queued: '排队中',
      running: '生成中',
      succeeded: '已完成',
      failed: '失败',
      canceled: '已取消',
      refunded: '预扣的次数已全部退回',
      refundedShort: '次数已退回',
    },
  },
  editor: editorPart.zh,
  results: resultsPart.zh,
  editing: editingPart.zh,
  generation: generationPart.zh,
  works: worksPart.zh,
  assistant: assistantPart.zh,
  mobile: mobilePart.zh,
  uploads: uploadsPart.zh,
  commerce: commercePart.zh,
  community: communityPart.zh,
  models: modelsPart.zh,
  adminConsole: adminConsolePart.zh,
  help: helpPart.zh,
  firstHour: firstHourPart.zh,
} as const;

export type Resources = Widen<typeof zhCN>;
