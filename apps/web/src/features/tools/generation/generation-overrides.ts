import type { ToolOverride } from '../overrides/override-types';
import { GenerationPanel, generationOwnParams } from './generation-panel';

/** Text to image (and Pro) and text to video: prompt with suggestions, ratio chips, styles. */
export const generationOverride: ToolOverride = {
  PanelExtra: GenerationPanel,
  ownParams: generationOwnParams,
};
