import { lazyPart } from '../../../components/lazy-part';
import type { OverrideProps, ResultOverrideProps, ToolOverride } from '../overrides/override-types';

/** /panorama: view an existing panorama for free, check the base, walk through the result. */
export const panoramaOverride: ToolOverride = {
  PanelExtra: lazyPart<OverrideProps>(() =>
    import('./panorama-panel').then((m) => m.PanoramaPanel),
  ),
  StageExtra: lazyPart<OverrideProps>(() =>
    import('./panorama-result').then((m) => m.PanoramaStage),
  ),
  ResultExtra: lazyPart<ResultOverrideProps>(() =>
    import('./panorama-result').then((m) => m.PanoramaResult),
  ),
  // The viewer card comes first; the generation uploads follow in the panel's own card.
  ownInputs: ['upload_img', 'style_img'],
};
