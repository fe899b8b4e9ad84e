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
    ctaTry: '拍照试试 · {{name}}',
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
    ctaTry: 'Try with a photo · {{name}}',
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
