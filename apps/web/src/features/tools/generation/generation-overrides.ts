import { lazyPart } from '../../../components/lazy-part';
import type { OverrideProps, ToolOverride } from '../overrides/override-types';
import { generationOwnParams } from './generation-model';

/** Text to image (and Pro) and text to video: prompt with suggestions, ratio chips, styles. */
export const generationOverride: ToolOverride = {
  PanelExtra: lazyPart<OverrideProps>(() =>
    import('./generation-panel').then((m) => m.GenerationPanel),
  ),
  ownParams: generationOwnParams,
};
