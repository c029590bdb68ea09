export * from './auth';
export * from './errors';
export * from './projects';
export * from './templates';
export * from './usage';
export * from './billing';
export * from './jobs';
