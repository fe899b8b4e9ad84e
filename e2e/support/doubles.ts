/**
 * Third-party stand-ins for browser flows: the same protocol doubles the server's own tests use,
 * started as real HTTP servers so the built app talks to them exactly as it would in production.
 */
export {
  startComfyUiDouble,
  type ComfyUiDouble,
} from '../../apps/server/test/doubles/comfyui-double';
export {
  startDashScopeDouble,
  type DashScopeDouble,
} from '../../apps/server/test/doubles/dashscope-double';
export { startOpenAiImagesDouble } from '../../apps/server/test/doubles/openai-images-double';
export {
  startOpenAiChatDouble,
  type OpenAiChatDouble,
} from '../../apps/server/test/doubles/openai-chat-double';
export {
  startWechatPayDouble,
  type WechatPayDouble,
} from '../../apps/server/test/doubles/wechatpay-double';
export { startAlipayDouble, type AlipayDouble } from '../../apps/server/test/doubles/alipay-double';
