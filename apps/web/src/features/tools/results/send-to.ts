import { getTool, type ToolDefinition } from '@huijing/tools';
import type { InputImage } from '../store/family-stores';
import { fileIdFromUrl, type TaskOutput } from './download-plan';
import { donePaths, doneVariantFor, type DoneVariant } from '../../../lib/done-links';

// The done pages and the owner's link to one live in lib/done-links.ts (the works page uses them).
export { doneHref, doneVariantFor, type DoneVariant } from '../../../lib/done-links';

export const variantForPath = (pathname: string): DoneVariant =>
  pathname === '/3dRenderDone' ? '3d' : pathname === '/done2' ? 'done2' : 'done';

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
