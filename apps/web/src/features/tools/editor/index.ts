/**
 * The mask editor and the extend handles (docs/editor.md). Tool pages use useMaskDraft and
 * MaskStage/MaskField. The editor itself (konva) is not re-exported: MaskStage loads it lazily,
 * and the mask's document and PNG code come with the first tool that has a mask (loadMaskLib),
 * so importing this index stays light; the extend handles (extend-editor.tsx) likewise load with
 * the page that draws them.
 */
export { loadMaskLib, useMaskDraft, withMaskInput, type MaskDraft } from './use-mask-draft';
export { MaskStage, MaskField } from './mask-stage';
export { useBoxSize } from './use-box-size';
