/**
 * What a mask draft needs to hold and save a mask: the document and its PNG code (~3 KB
 * brotli). Tools without a mask never load it (use-mask-draft.ts fetches it for those with one).
 */
export { MaskDocument } from './mask-model';
export { decodeMask, maskPngBlob } from './mask-canvas';
