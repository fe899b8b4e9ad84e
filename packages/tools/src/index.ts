export * from './define-tool';
export * from './registry';
export * from './capabilities';
export * from './params';
