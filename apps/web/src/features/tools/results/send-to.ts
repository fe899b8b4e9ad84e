import { getTool, type ToolDefinition } from '@huijing/tools';
import type { InputImage } from '../store/family-stores';
import { fileIdFromUrl, type TaskOutput } from './download-plan';

/** The finished-task pages of spec §2 and what each is for (docs/product-decisions.md). */
export type DoneVariant = 'done' | 'done2' | '3d';

export const donePaths: Record<DoneVariant, string> = {
  done: '/done',
  done2: '/done2',
  '3d': '/3dRenderDone',
};

/** 3D render has its own page; the other render tools use /done; edit and generate /done2. */
export const doneVariantFor = (tool: Pick<ToolDefinition, 'id' | 'family'>): DoneVariant =>
  tool.id === 'render-3d' ? '3d' : tool.family === 'render' ? 'done' : 'done2';

export const variantForPath = (pathname: string): DoneVariant =>
  pathname === '/3dRenderDone' ? '3d' : pathname === '/done2' ? 'done2' : 'done';

/** The owner's link to a task's done page (the task id is in the query: ?taskId=…). */
export const doneHref = (tool: Pick<ToolDefinition, 'id' | 'family'>, taskId: string) =>
  `${donePaths[doneVariantFor(tool)]}?taskId=${encodeURIComponent(taskId)}`;

/** The public link for a share token, on the page that fits the tool. */
export const shareHref = (
  origin: string,
  tool: Pick<ToolDefinition, 'id' | 'family'>,
  token: string,
) => `${origin}${donePaths[doneVariantFor(tool)]}?share=${encodeURIComponent(token)}`;

/**
 * The next steps offered for an output, in order, by page: a render usually goes on to be
 * upscaled, cleaned or animated; an edited image to matting or extending; a 3D render to
 * atmosphere and material work. Only tools whose main input is `upload_img` qualify.
 */
const nextTools: Record<DoneVariant, string[]> = {
  done: [
    'upscale',
    'real-upscale',
    'clean',
    'extend',
    'style-transfer',
    'atmosphere-change',
    'image-to-video',
    'to-line',
  ],
  done2: ['upscale', 'clean', 'matting', 'extend', 'image-to-video', 'to-line', 'compress'],
  '3d': [
    'real-upscale',
    'atmosphere-change',
    'style-transfer',
    'clean',
    'image-to-video',
    'to-line',
  ],
};

export const sendTargets = (variant: DoneVariant, fromToolId?: string): ToolDefinition[] =>
  nextTools[variant]
    .filter((id) => id !== fromToolId)
    .map((id) => getTool(id))
    .filter(
      (t): t is ToolDefinition => t !== undefined && t.inputs.some((i) => i.name === 'upload_img'),
    );

/** An image output as the next tool's upload_img (its file id is the owner's output file). */
export const outputAsInput = (output: TaskOutput): InputImage | undefined => {
  const fileId = output.kind === 'image' ? fileIdFromUrl(output.url) : undefined;
  if (!fileId) return undefined;
  return {
    fileId,
    url: output.url,
    thumbUrl: output.thumbUrl,
    width: output.width,
    height: output.height,
  };
};
