export * from './envelope';
export * from './errors';
export * from './health';
export * from './routes';
export * from './device';
export * from './common';
export * from './auth';
export * from './tickets';
export * from './catalog';
export * from './uploads';
export * from './tasks';
export * from './tool-alternatives';
export * from './works';
export * from './client';
export * from './prompts';
export * from './shares';
export * from './assistant';
// reliability
// --
export * from './security';
// commerce
export * from './commerce';
// --
// gallery
export * from './gallery';
// --
// training
export * from './models';
// --
// admin
export * from './admin';
export * from './admin-console';
export * from './admin-orders';
// --
// first-hour
export * from './first-hour';
// --
// spec-gaps
export * from './help';
// --
