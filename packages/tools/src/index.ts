export * from './define-tool';
export * from './registry';
