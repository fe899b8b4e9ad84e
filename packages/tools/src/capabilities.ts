/**
 * What a tool needs done. A tool declares one capability; engines declare which they serve, and
 * engine routing (a database setting) picks the engine for a capability. Shared here so the web
 * can explain availability with the same words as the server.
 */
/** Classical image work the built-in local engine does honestly (routed to it by default). */
export const classicalCapabilities = [
  'compress',
  'upscale',
  'to-line',
  'color-flat-plan',
  'inpaint',
  'extend',
  'color-transfer',
  'color-grade',
  'matting',
  'click-segment',
  'video-camera-move',
  'video-first-last',
  'video-multi-image',
] as const;

/** Generative work: ComfyUI workflows or an OpenAI-compatible API. */
export const generativeCapabilities = [
  'render',
  'render-masked',
  'text-to-image',
  'image-edit',
  'ai-upscale',
  'face-restore',
  'text-to-video',
  'image-to-video',
] as const;

export const capabilities = [...classicalCapabilities, ...generativeCapabilities] as const;
export type Capability = (typeof capabilities)[number];
