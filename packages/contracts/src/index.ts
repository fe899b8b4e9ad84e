export * from './envelope';
export * from './errors';
export * from './health';
export * from './routes';
export * from './common';
export * from './auth';
export * from './tickets';
export * from './uploads';
