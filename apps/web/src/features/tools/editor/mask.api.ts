import type { ClickMaskResult } from '@huijing/contracts';
import { clickMaskResultSchema } from 'virtual:light-checks';
import { api } from '../../../lib/request';
import { ToolApiError } from '../api/tools.api';

/**
 * POST /ai/clickMask: the object under the clicks as a mask file (image pixels in, a PNG of the
 * image's size out). Interactive, so it waits up to the server's own 30 s limit.
 */
export const clickMask = async (body: {
  fileId: string;
  points: { x: number; y: number; positive: boolean }[];
}): Promise<ClickMaskResult> => {
  const envelope = await api.post('/ai/clickMask', {
    body,
    schema: clickMaskResultSchema,
    timeout: 35_000,
  });
  if (!envelope.success) throw new ToolApiError(envelope.message, envelope.code);
  return envelope.data;
};
