/**
 * The mask editor and the extend handles (docs/editor.md). Reusable pieces: MaskEditor with a
 * MaskDocument; tool pages use useMaskDraft + MaskStage/MaskField. The editor itself (konva) is
 * not re-exported as a value: MaskStage loads it lazily, and the mask's document and PNG code
 * come with the first tool that has a mask (loadMaskLib), so importing this index stays light;
 * the extend handles (extend-editor.tsx) likewise load with the page that draws them.
 */
export type { MaskEditorImage, MaskEditorProps, SegmentFn } from './mask-editor';
export type { MaskDocument, MaskOp, MaskMode } from './mask-model';
export {
  loadMaskLib,
  useMaskDraft,
  withMaskInput,
  type MaskDraft,
  type MaskSaveState,
} from './use-mask-draft';
export { MaskStage, MaskField, BRUSH_DEFAULT } from './mask-stage';
export { useBoxSize } from './use-box-size';
