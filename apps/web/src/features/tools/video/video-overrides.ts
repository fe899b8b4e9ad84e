import { lazyPart } from '../../../components/lazy-part';
import type { OverrideProps, ToolOverride } from '../overrides/override-types';

/** /imgs2Video, multi-image mode: the frame sequence owns the pictures and their seconds. */
export const multiImageVideoOverride: ToolOverride = {
  PanelExtra: lazyPart<OverrideProps>(() =>
    import('./frame-sequence').then((m) => m.FrameSequence),
  ),
  ownInputs: ['frames'],
};

/** /imgs2Video?mode=first-last: both frames in one card with the mode switch and a swap. */
export const firstLastVideoOverride: ToolOverride = {
  PanelExtra: lazyPart<OverrideProps>(() =>
    import('./first-last-panel').then((m) => m.FirstLastPanel),
  ),
  ownInputs: ['first_frame', 'last_frame'],
};
