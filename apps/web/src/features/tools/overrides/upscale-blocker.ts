import type { ToolOverride } from './override-types';
import { upscalePlan } from './output-size';

/** Refused before queueing, in the panel's words: the same problem its warning names. */
export const upscaleBlocker: NonNullable<ToolOverride['blocker']> = ({ values, inputs }, t) => {
  const image = inputs['upload_img']?.[0];
  if (!image) return undefined;
  const problem = upscalePlan(image, values.scale === 4 ? 4 : 2, values.mode).problem;
  if (problem === 'too-large') return t('editing.upscale.tooLarge');
  if (problem === 'ai-input-too-large') return t('editing.upscale.aiTooLarge');
  return undefined;
};
