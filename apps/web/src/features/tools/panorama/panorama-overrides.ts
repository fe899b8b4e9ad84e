import type { ToolOverride } from '../overrides/override-types';
import { PanoramaPanel } from './panorama-panel';
import { PanoramaResult, PanoramaStage } from './panorama-result';

/** /panorama: view an existing panorama for free, check the base, walk through the result. */
export const panoramaOverride: ToolOverride = {
  PanelExtra: PanoramaPanel,
  StageExtra: PanoramaStage,
  ResultExtra: PanoramaResult,
  // The viewer card comes first; the generation uploads follow in the panel's own card.
  ownInputs: ['upload_img', 'style_img'],
};
