export * from './auth';
export * from './profiles';
export * from './contact';
