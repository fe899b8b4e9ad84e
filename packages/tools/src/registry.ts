import type { ToolDefinition, ToolFamily } from './define-tool';
import { toolLookups } from './tool-lookups';
import { homeDecorationTool } from './tools/home-decoration.tool';
import { indoorTool } from './tools/indoor.tool';
import { gongzhuangTool } from './tools/gongzhuang.tool';
import { architectureTool } from './tools/architecture.tool';
import { architecturalPartTool } from './tools/architectural-part.tool';
import { landscapeTool } from './tools/landscape.tool';
import { birdsEyeTool } from './tools/birds-eye.tool';
import { render3dTool } from './tools/render-3d.tool';
import { indoorExteriorTool } from './tools/indoor-exterior.tool';
import { localRenderTool } from './tools/local-render.tool';
import { localRenderOutdoorTool } from './tools/local-render-outdoor.tool';
import { localRenderIndoorTool } from './tools/local-render-indoor.tool';
import { liveRenderTool } from './tools/live-render.tool';
import { liveRenderClassicTool } from './tools/live-render-classic.tool';
import { multiAngleTool } from './tools/multi-angle.tool';
import { lockImageTool } from './tools/lock-image.tool';
import { lockImageOutdoorTool } from './tools/lock-image-outdoor.tool';
import { studioIndoorTool } from './tools/studio-indoor.tool';
import { studioOutdoorTool } from './tools/studio-outdoor.tool';
import { wanwuqianyiTool } from './tools/wanwuqianyi.tool';
import { allPlanTool } from './tools/all-plan.tool';
import { styleTransferTool } from './tools/style-transfer.tool';
import { styleTransferIndoorTool } from './tools/style-transfer-indoor.tool';
import { materialChangeTool } from './tools/material-change.tool';
import { backgroundChangeTool } from './tools/background-change.tool';
import { atmosphereChangeTool } from './tools/atmosphere-change.tool';
import { mattingTool } from './tools/matting.tool';
import { cleanTool } from './tools/clean.tool';
import { realUpscaleTool } from './tools/real-upscale.tool';
import { upscaleTool } from './tools/upscale.tool';
import { compressTool } from './tools/compress.tool';
import { panoramaTool } from './tools/panorama.tool';
import { extendTool } from './tools/extend.tool';
import { faceRestorationTool } from './tools/face-restoration.tool';
import { oldHouseTool } from './tools/old-house.tool';
import { emptyRoomTool } from './tools/empty-room.tool';
import { toLineTool } from './tools/to-line.tool';
import { xituTool } from './tools/xitu.tool';
import { colorFlatPlanTool } from './tools/color-flat-plan.tool';
import { textToImageTool } from './tools/text-to-image.tool';
import { textToImageProTool } from './tools/text-to-image-pro.tool';
import { textToVideoTool } from './tools/text-to-video.tool';
import { imageToVideoTool } from './tools/image-to-video.tool';
import { multiImageVideoTool } from './tools/multi-image-video.tool';
import { firstLastVideoTool } from './tools/first-last-video.tool';

/** Every tool, in the order the function list shows them. */
export const allTools: readonly ToolDefinition[] = [
  homeDecorationTool,
  indoorTool,
  gongzhuangTool,
  architectureTool,
  architecturalPartTool,
  landscapeTool,
  birdsEyeTool,
  render3dTool,
  indoorExteriorTool,
  localRenderTool,
  localRenderOutdoorTool,
  localRenderIndoorTool,
  liveRenderTool,
  liveRenderClassicTool,
  multiAngleTool,
  lockImageTool,
  lockImageOutdoorTool,
  studioIndoorTool,
  studioOutdoorTool,
  wanwuqianyiTool,
  allPlanTool,
  styleTransferTool,
  styleTransferIndoorTool,
  materialChangeTool,
  backgroundChangeTool,
  atmosphereChangeTool,
  mattingTool,
  cleanTool,
  realUpscaleTool,
  upscaleTool,
  compressTool,
  panoramaTool,
  extendTool,
  faceRestorationTool,
  oldHouseTool,
  emptyRoomTool,
  toLineTool,
  xituTool,
  colorFlatPlanTool,
  textToImageTool,
  textToImageProTool,
  textToVideoTool,
  imageToVideoTool,
  multiImageVideoTool,
  firstLastVideoTool,
];

export const { getTool, toolForRoute, toolsOfFamily } = toolLookups(allTools);

/** Settled, marked as React's `use` reads a settled promise (it returns at once). */
const whole: Promise<void> & { status: 'fulfilled'; value: undefined } = Object.assign(
  Promise.resolve(),
  { status: 'fulfilled' as const, value: undefined },
);

/**
 * Here every tool is whole: a settled promise. The web's build serves each tool's widgets and
 * parameters in a chunk of its own (apps/web/build/light-checks.ts, src/lib/tool-parts.ts): there
 * this is the promise to wait for before reading `widgets` or checking `params` of a tool, the
 * same one on every call, marked fulfilled once the part is in.
 */
export const loadToolPart = (_id: string): Promise<void> => whole;

export const familyNames: Record<ToolFamily, { 'zh-CN': string; 'en-US': string }> = {
  render: { 'zh-CN': 'AI 渲染', 'en-US': 'AI rendering' },
  edit: { 'zh-CN': '图片编辑', 'en-US': 'Image editing' },
  generate: { 'zh-CN': '创意生成', 'en-US': 'Generation' },
};
