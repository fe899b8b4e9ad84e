export * from './define-tool';
export * from './registry';
export * from './capabilities';
export * from './params';
export * from './verbs';
export { aspectSize, imageAspects, type ImageAspect } from './tools/text-to-image.tool';
