import type { ToolDefinition } from '@huijing/tools';
import { maskHint, ReferenceStage } from './hint-cards';
import { lazyPart } from '../../../components/lazy-part';
import type { OverrideProps, ResultOverrideProps, ToolOverride } from './override-types';
import { upscaleBlocker } from './upscale-blocker';
import { generationOverride } from '../generation/generation-overrides';
import { panoramaOverride } from '../panorama/panorama-overrides';
import { firstLastVideoOverride, multiImageVideoOverride } from '../video/video-overrides';
import './overrides.css';

export type { OverrideProps, ToolOverride } from './override-types';

// The heavier tools' parts load when their tool opens (lazy-part.tsx); the small ones stay here.
const AtmospherePanel = lazyPart<OverrideProps>(() =>
  import('./atmosphere-panel').then((m) => m.AtmospherePanel),
);
const CompressPanel = lazyPart<OverrideProps>(() =>
  import('./compress-panel').then((m) => m.CompressPanel),
);
const CompressResult = lazyPart<ResultOverrideProps>(() =>
  import('./compress-result').then((m) => m.CompressResult),
);
const LinePreview = lazyPart<OverrideProps>(() =>
  import('./line-preview').then((m) => m.LinePreview),
);
const MattingPanel = lazyPart<OverrideProps>(() =>
  import('./matting-result').then((m) => m.MattingPanel),
);
const MattingResult = lazyPart<ResultOverrideProps>(() =>
  import('./matting-result').then((m) => m.MattingResult),
);
const PalettePanel = lazyPart<OverrideProps>(() =>
  import('./palette-panel').then((m) => m.PalettePanel),
);
const PlacementPanel = lazyPart<OverrideProps>(() =>
  import('./placement-panel').then((m) => m.PlacementPanel),
);

const UpscalePanel = lazyPart<OverrideProps>(() =>
  import('./upscale-panel').then((m) => m.UpscalePanel),
);
const UpscaleResult = lazyPart<ResultOverrideProps>(() =>
  import('./upscale-result').then((m) => m.UpscaleResult),
);

const upscale: ToolOverride = {
  PanelExtra: UpscalePanel,
  ResultExtra: UpscaleResult,
  ownParams: ['scale'],
  blocker: upscaleBlocker,
};

/**
 * Per-tool interactions on the shared tool page, by registry id. Data, like the registry: the
 * page asks for a tool's override and renders whichever parts it has (see override-types.ts).
 */
const toolOverrides: Readonly<Record<string, ToolOverride>> = {
  // Editing tools (docs/editing-tools.md)
  matting: {
    PanelExtra: MattingPanel,
    ResultExtra: MattingResult,
    resultBackground: 'checkerboard',
  },
  clean: { PanelExtra: maskHint('clean') },
  'local-render': { PanelExtra: maskHint('localRender') },
  upscale,
  'real-upscale': upscale,
  compress: {
    PanelExtra: CompressPanel,
    ResultExtra: CompressResult,
    ownParams: ['format', 'targetKB', 'quality'],
  },
  'to-line': { PanelExtra: LinePreview },
  'color-flat-plan': { PanelExtra: PalettePanel, ownParams: ['palette'] },
  'style-transfer': { StageExtra: ReferenceStage },
  'material-change': { PanelExtra: maskHint('material') },
  'background-change': { PanelExtra: maskHint('background') },
  'atmosphere-change': { PanelExtra: AtmospherePanel, ownParams: ['atmosphere'] },
  wanwuqianyi: { PanelExtra: PlacementPanel, ownParams: ['placement', 'objectScale'] },
  // Generation tools
  panorama: panoramaOverride,
  'text-to-image': generationOverride,
  'text-to-image-pro': generationOverride,
  'text-to-video': generationOverride,
  'multi-image-video': multiImageVideoOverride,
  'first-last-video': firstLastVideoOverride,
};

const none: ToolOverride = {};

export const overrideFor = (toolId: string): ToolOverride => toolOverrides[toolId] ?? none;

/** The tool as the generated form should draw it: without the parameters the override owns. */
export const formToolFor = (tool: ToolDefinition, override: ToolOverride): ToolDefinition => {
  const own = override.ownParams;
  if (!own?.length) return tool;
  const widgets = Object.fromEntries(
    Object.entries(tool.widgets).filter(([name]) => !own.includes(name)),
  );
  return { ...tool, widgets };
};
