export * from './errors';
export * from './envelope';
export * from './modules';
export * from './constants';
export * from './apps';
export * from './user';
export * from './admin';
export * from './runtime-config';
