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
// reliability (issue 12)
// --
export * from './security';
// commerce (issue 13)
export * from './commerce';
// --
// gallery (issue 14)
export * from './gallery';
// --
// training (issue 15)
export * from './models';
// --
// admin (issue 16)
export * from './admin';
export * from './admin-console';
export * from './admin-orders';
// --
// first-hour (issue 18)
export * from './first-hour';
// --
// spec-gaps (issue 19)
export * from './help';
// --
