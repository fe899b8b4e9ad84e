import type { ToolOverride } from '../overrides/override-types';
import { FirstLastPanel } from './first-last-panel';
import { FrameSequence } from './frame-sequence';

/** /imgs2Video, multi-image mode: the frame sequence owns the pictures and their seconds. */
export const multiImageVideoOverride: ToolOverride = {
  PanelExtra: FrameSequence,
  ownInputs: ['frames'],
};

/** /imgs2Video?mode=first-last: both frames in one card with the mode switch and a swap. */
export const firstLastVideoOverride: ToolOverride = {
  PanelExtra: FirstLastPanel,
  ownInputs: ['first_frame', 'last_frame'],
};
