export * from './define-tool';
export * from './registry';
export * from './capabilities';
export * from './params';
export * from './verbs';
export * from './aspects';
export * from './tool-entry';
export * from './hosted';
