import { definePart } from './define-part';

/** Strings of the first-hour work: availability on every entry point, progress and queue. */
export const firstHourPart = definePart(
  {
    pending: '待开通',
    pendingTitle: '该功能正在接入 AI 引擎，暂不可用',
    pendingTry: '可以先试试',
    pendingNone: '该功能正在接入 AI 引擎，暂不可用，开通后即可在这里使用。',
    pendingButton: '暂未开通',
    pendingFew: '{{count}} 款待开通',
    chooseTool: '挑一个工具开始',
    soon: {
      title: '即将开通',
      line: '这些工具需要 AI 图像引擎：管理员接入 ComfyUI、通义万相、火山方舟或兼容 OpenAI 的图像服务后即可使用。',
      count: '{{count}} 款',
    },
    tryTool: '试试 {{name}}',
    hero: {
      render: {
        title: '草图到效果图',
        accent: '只需一步',
        lead: '绘境把 AI 渲染、图片编辑与创意生成集于一处：上传线稿、白模或毛坯照片，保留空间结构与透视，几十秒得到可直接汇报的效果图。',
      },
      edit: {
        title: '效果图后期',
        accent: '一键完成',
        lead: '物体消除、高清放大、线稿提取、色调调整：上传一张图，几秒得到干净的成品，原图的结构与透视保持不变。',
      },
      generate: {
        title: '一句话',
        accent: '生成灵感图',
        lead: '写下想法或上传参考图，AI 生成可直接参考的空间灵感图，多张方案同时出图。',
      },
    },
    sample: {
      local: '示例 · 本机引擎生成',
      ai: '示例 · 本站 AI 引擎生成',
      localWho: '本机引擎',
      aiWho: '本站 AI 引擎',
      pickerNote: '没有封面的选项显示示例图，由{{who}}生成',
    },
    ctaTry: '拍照试试 · {{name}}',
    plan: {
      rooms: '线稿没有颜色：将按房间自动填充这些颜色',
      photo:
        '这张图看起来是照片或效果图，不是平面图：彩平会按颜色分块，结果不会像平面图。建议上传 CAD 导出的线稿或平面图。',
    },
    styleLocal: {
      name: '色调迁移',
      note: '当前由内置引擎完成：按参考图迁移色彩与影调，画面内容与笔触不变。接入 AI 引擎后即为完整的风格迁移，会按参考图重新演绎材质、光影与笔触。',
    },
    queue: {
      queued: '排队中',
      waitAbout: '预计等待约 {{time}}',
      leftAbout: '预计还需约 {{time}}',
      noEstimate: '首次运行，暂无用时参考',
      seconds: '{{n}} 秒',
      minutes: '{{n}} 分钟',
      confirmTitle: '取消这次生成？',
      confirmBody: '预扣的次数会全部退回',
      confirmOk: '确定取消',
      confirmKeep: '继续等待',
      refunded: '已取消本次生成，预扣的次数已全部退回到「{{ticket}}」',
      refundedBalance:
        '已取消本次生成，预扣的次数已全部退回到「{{ticket}}」，当前剩余 {{balance}} 次',
    },
  },
  {
    pending: 'Coming soon',
    pendingTitle: 'This tool is being connected to an AI engine and is not available yet',
    pendingTry: 'Meanwhile, try',
    pendingNone:
      'This tool is being connected to an AI engine and is not available yet; it will work here once it is.',
    pendingButton: 'Not available yet',
    pendingFew: '{{count}} coming soon',
    chooseTool: 'Pick a tool to start',
    soon: {
      title: 'Coming soon',
      line: 'These tools need an AI image engine: they work once an administrator connects ComfyUI, Alibaba Model Studio, Volcengine Ark or an OpenAI-compatible image service.',
      count: '{{count}} tools',
    },
    tryTool: 'Try {{name}}',
    hero: {
      render: {
        title: 'From sketch to render',
        accent: 'in one step',
        lead: 'Huijing brings AI rendering, image editing and generation together: upload a line drawing, a white model or a bare-room photo and get a presentation-ready render in seconds, structure and perspective kept.',
      },
      edit: {
        title: 'Render retouching',
        accent: 'in one click',
        lead: 'Object removal, upscaling, line extraction, tone: upload a picture and get a clean result in seconds, its structure and perspective kept.',
      },
      generate: {
        title: 'One sentence',
        accent: 'to an inspiration picture',
        lead: 'Write an idea or upload a reference and AI draws inspiration pictures of the space, several options at once.',
      },
    },
    sample: {
      local: 'Example · made by the built-in engine',
      ai: 'Example · made by this site’s AI engine',
      localWho: 'the built-in engine',
      aiWho: 'this site’s AI engine',
      pickerNote: 'Choices without a cover show an example made by {{who}}',
    },
    ctaTry: 'Try with a photo · {{name}}',
    plan: {
      rooms: 'The line plan has no colour: its rooms are filled with these colours',
      photo:
        'This looks like a photo or a render, not a plan: a flat plan splits it by colour and will not look like a plan. Upload a CAD line plan instead.',
    },
    styleLocal: {
      name: 'Colour transfer',
      note: 'Done by the built-in engine: the reference picture’s colour and tone are transferred; content and brushwork stay. With an AI engine this becomes a full style transfer that re-renders materials, light and brushwork after the reference.',
    },
    queue: {
      queued: 'Queued',
      waitAbout: 'About {{time}} to wait',
      leftAbout: 'About {{time}} left',
      noEstimate: 'First run here: no timing to go by yet',
      seconds: '{{n}} s',
      minutes: '{{n}} min',
      confirmTitle: 'Cancel this run?',
      confirmBody: 'The tickets held for it all go back',
      confirmOk: 'Cancel it',
      confirmKeep: 'Keep waiting',
      refunded: 'Canceled; the held tickets went back to "{{ticket}}"',
      refundedBalance: 'Canceled; the held tickets went back to "{{ticket}}", {{balance}} left now',
    },
  },
);
